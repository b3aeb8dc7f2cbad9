import { clsx } from 'clsx';
import { CircleCheck, CircleExclamationPoint, Info, TriangleExclamationPoint } from 'lucide-react';
import type { ReactNode } from 'react';

type Tone = 'error' | 'success' | 'info' | 'warning';

const tones: Record<Tone, string> = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  info: 'border-slate-200 bg-slate-50 text-slate-700',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
};

const icons = {
  error: CircleExclamationPoint,
  success: CircleCheck,
  info: Info,
  warning: TriangleExclamationPoint,
};

/** An inline message; errors are announced (role=alert), others politely (role=status). */
export function Alert({
  tone = 'info',
  children,
  className,
}: {
  tone?: Tone;
  children: ReactNode;
  className?: string;
}) {
  const Icon = icons[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={clsx(
        'flex items-start gap-2.5 rounded-xl border px-3.5 py-3 text-sm',
        tones[tone],
        className,
      )}
    >
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
