import type { Project } from '@rally/shared';
import { clsx } from 'clsx';
import { FolderKanban, GraduationCap } from 'lucide-react';
import { useState } from 'react';
import { ResponsiveImage } from '../../../components/ui/responsive-image';

interface ProjectCoverProps {
  project: Pick<Project, 'image_url' | 'context'>;
  /** 'card' in lists, 'hero' on the project page. */
  size?: 'card' | 'hero';
  /** The page's first picture above the fold: loaded at once and at high priority. */
  isPriority?: boolean;
  className?: string;
}

/**
 * Each size's box (its ratio, so nothing moves when the picture arrives) and how wide it is shown: a card is a
 * third of the 64rem shell from desktop width, half from tablet width, the full width on phones; the hero spans the
 * shell.
 */
const SHAPES = {
  card: {
    className: 'aspect-[16/7]',
    width: 320,
    height: 140,
    sizes: '(min-width: 1024px) 320px, (min-width: 640px) 50vw, 100vw',
  },
  hero: {
    className: 'aspect-[21/9] max-h-72',
    width: 992,
    height: 425,
    sizes: '(min-width: 1024px) 992px, 100vw',
  },
} as const;

/** The project's cover image, or a placeholder in the client's colours (also when the image fails). */
export function ProjectCover({ project, size = 'card', isPriority = false, className }: ProjectCoverProps) {
  const [hasFailed, setHasFailed] = useState(false);
  const { className: shape, ...box } = SHAPES[size];
  if (project.image_url && !hasFailed) {
    return (
      <ResponsiveImage
        src={project.image_url}
        alt=""
        {...box}
        isPriority={isPriority}
        onError={() => setHasFailed(true)}
        className={clsx('w-full bg-slate-100 object-cover', shape, className)}
      />
    );
  }
  const Icon = project.context.training ? GraduationCap : FolderKanban;
  return (
    <div
      aria-hidden
      className={clsx(
        'flex w-full items-center justify-center bg-gradient-to-br from-brand/20 via-brand/10 to-accent/25',
        shape,
        className,
      )}
    >
      <span className="flex size-12 items-center justify-center rounded-2xl bg-white/70 text-brand-text shadow-sm">
        <Icon className="size-6" />
      </span>
    </div>
  );
}
