// A claim's origin in a list row or on its page: file name, or outlet and link.
import { describeOrigin, type ClaimOrigin as Origin } from '@/lib/utils/claim-origin';

export function ClaimOrigin({ origin, sourceKey, className }: { origin: Origin | undefined; sourceKey: string; className?: string }) {
  const { label, href } = describeOrigin(origin, sourceKey);
  return (
    <span data-testid="claim-origin" className={className} title={href ?? undefined}>
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer" className="underline decoration-slate-300 underline-offset-2 hover:text-blue-700">
          <bdi>{label}</bdi>
        </a>
      ) : (
        <bdi>{label}</bdi>
      )}
    </span>
  );
}
