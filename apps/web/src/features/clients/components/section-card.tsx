import type { ReactNode } from 'react';
import { useId } from 'react';
import { Card } from '../../../components/ui/card';

/** One titled section of the settings form. */
export function SectionCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby={id} className="space-y-5">
        <div>
          <h3 id={id} className="text-base font-semibold text-slate-900">
            {title}
          </h3>
          {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
        </div>
        {children}
      </section>
    </Card>
  );
}
