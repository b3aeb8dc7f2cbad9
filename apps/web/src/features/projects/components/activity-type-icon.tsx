import type { ActivityType } from '@rally/shared';
import { clsx } from 'clsx';
import { GraduationCap, ImagePlus, type LucideIcon, Megaphone, MessageSquareText } from 'lucide-react';

const ICONS: Record<ActivityType, LucideIcon> = {
  social_post: Megaphone,
  general_participation: MessageSquareText,
  content_submission: ImagePlus,
  training: GraduationCap,
};

const TONES: Record<ActivityType, string> = {
  social_post: 'bg-brand/10 text-brand-text',
  general_participation: 'bg-violet-50 text-violet-700',
  content_submission: 'bg-amber-50 text-amber-700',
  training: 'bg-sky-50 text-sky-700',
};

/** A decorative icon tile for an activity type. */
export function ActivityTypeIcon({ type, className }: { type: ActivityType; className?: string }) {
  const Icon = ICONS[type];
  return (
    <span
      aria-hidden
      className={clsx('flex size-10 shrink-0 items-center justify-center rounded-xl', TONES[type], className)}
    >
      <Icon className="size-5" />
    </span>
  );
}
