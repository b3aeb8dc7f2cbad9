import { Badge } from '../../../components/ui/badge';

/** An item's tags as small badges. */
export function TagList({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1">
      {tags.map((tag) => (
        <li key={tag}>
          <Badge className="py-0.5">#{tag}</Badge>
        </li>
      ))}
    </ul>
  );
}
