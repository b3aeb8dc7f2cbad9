import type { ActivityType } from '@rally/shared';
import { GraduationCap, ImageUp, type LucideIcon, MessageSquareText, Share2 } from 'lucide-react';

/** The icon of each activity type. */
export const ACTIVITY_TYPE_ICONS: Record<ActivityType, LucideIcon> = {
  social_post: Share2,
  general_participation: MessageSquareText,
  content_submission: ImageUp,
  training: GraduationCap,
};
