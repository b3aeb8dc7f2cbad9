import type { Project } from '@rally/shared';
import { clsx } from 'clsx';
import { FolderKanban, GraduationCap } from 'lucide-react';
import { useState } from 'react';

interface ProjectCoverProps {
  project: Pick<Project, 'image_url' | 'context'>;
  /** 'card' in lists, 'hero' on the project page. */
  size?: 'card' | 'hero';
  className?: string;
}

/** The project's cover image, or a placeholder in the client's colours (also when the image fails). */
export function ProjectCover({ project, size = 'card', className }: ProjectCoverProps) {
  const [hasFailed, setHasFailed] = useState(false);
  const shape = size === 'hero' ? 'aspect-[21/9] max-h-72' : 'aspect-[16/7]';
  if (project.image_url && !hasFailed) {
    return (
      <img
        src={project.image_url}
        alt=""
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
