import type { MarketOffer } from '@hypertek/shared';
import { hasFailed } from '@hypertek/shared/data';
import type { ReactNode } from 'react';

import { DataTable, type Column } from '@hypertek/shared/ui';
import { Loading } from '../../../components/loading';
import { readFailure } from '../../../lib/market-reads';
import { ReadProblem } from './read-problem';

/** What a list of offers shows as it is read: the fields of the query's result it uses. */
interface OffersRead {
  data: MarketOffer[] | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * One of the user's lists of offers as read: its table (a row per offer), `empty` when there is
 * none, the read's problem with a retry (`failed` when the API gives no reason of its own), or
 * the loading state while it is read.
 */
export function OffersTable({
  read,
  caption,
  columns,
  empty,
  failed,
  loadingLabel,
}: {
  read: OffersRead;
  caption: string;
  columns: Column<MarketOffer>[];
  empty: ReactNode;
  failed: string;
  loadingLabel: string;
}) {
  if (read.data) {
    return read.data.length === 0 ? (
      empty
    ) : (
      <DataTable caption={caption} columns={columns} rows={read.data} rowKey={(row) => row._id} />
    );
  }
  if (hasFailed(read)) {
    return (
      <ReadProblem message={readFailure(read.error, failed)} onRetry={() => void read.refetch()} />
    );
  }
  return <Loading label={loadingLabel} />;
}

/** A button that acts on one offer, disabled while an action on that offer runs. */
export function OfferButton({
  offer,
  busyId,
  className,
  onClick,
  children,
}: {
  offer: MarketOffer;
  busyId: string | null;
  className: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className={className} disabled={busyId === offer._id} onClick={onClick}>
      {children}
    </button>
  );
}
