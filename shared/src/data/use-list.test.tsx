import { act, render, screen, waitFor } from '@testing-library/react';

import { MESSAGES, type ListResponse } from '../contract';
import { queryClient } from './query-client';
import { ListCallFailed, readList } from './read-list';
import { useList } from './use-list';

afterEach(() => queryClient.clear());

function Names({
  request,
  listKey = ['names'],
  count = 2,
}: {
  request: (signal: AbortSignal) => Promise<ListResponse<{ name: string }> | { name: string }[]>;
  listKey?: string[];
  count?: number;
}) {
  const items = useList(listKey, request, { count });
  if (items === null) return <p>Loading</p>;
  return <p>{items.length ? items.map((item) => item.name).join(', ') : 'Empty'}</p>;
}

const rows = [{ name: 'Ada' }, { name: 'Bo' }, { name: 'Cy' }];

describe('readList: the array or the envelope', () => {
  it('reads a bare array, an envelope, and an envelope without data', () => {
    expect(readList(rows)).toEqual(rows);
    expect(readList({ success: true, message: '', data: rows })).toEqual(rows);
    expect(readList({ message: '' } as ListResponse<unknown>)).toEqual([]);
  });

  it('throws the server message when success is false', () => {
    expect(() => readList({ success: false, message: 'down', data: [] })).toThrow(
      new ListCallFailed('down'),
    );
  });
});

describe('useList', () => {
  let logged: jest.SpyInstance;
  beforeEach(() => {
    logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => logged.mockRestore());

  it('shows loading, then the first `count` entries of an envelope', async () => {
    render(<Names request={() => Promise.resolve({ success: true, message: '', data: rows })} />);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('Ada, Bo')).toBeInTheDocument();
    expect(logged).not.toHaveBeenCalled();
  });

  it("logs 'Failed to fetch market data' with the server message and stays empty on success: false", async () => {
    render(
      <Names
        request={() => Promise.resolve({ success: false, message: 'maintenance', data: [] })}
      />,
    );
    expect(await screen.findByText('Empty')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith(MESSAGES.marketFetchFailed, 'maintenance');
  });

  it("logs 'Error fetching market data' with the error and stays empty when the call throws", async () => {
    const boom = new Error('network down');
    render(<Names request={() => Promise.reject(boom)} />);
    expect(await screen.findByText('Empty')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith(MESSAGES.marketFetchError, boom);
  });

  it('makes one call for two components reading the same key, and shows it again at once', async () => {
    const request = jest.fn(() => Promise.resolve(rows));
    const { unmount } = render(
      <>
        <Names request={request} />
        <Names request={request} count={3} />
      </>,
    );
    expect(await screen.findByText('Ada, Bo, Cy')).toBeInTheDocument();
    expect(screen.getByText('Ada, Bo')).toBeInTheDocument();
    expect(request).toHaveBeenCalledTimes(1);
    unmount();

    // Opened again: the last answer shows at once while it reads again.
    render(<Names request={request} />);
    expect(screen.getByText('Ada, Bo')).toBeInTheDocument();
    await waitFor(() => expect(request).toHaveBeenCalledTimes(2));
  });

  it('cancels the call when the page is left, and logs nothing', async () => {
    let seen: AbortSignal | undefined;
    const { unmount } = render(
      <Names
        request={(signal) => {
          seen = signal;
          return new Promise((_, reject) =>
            signal.addEventListener('abort', () => reject(new Error('aborted'))),
          );
        }}
      />,
    );
    await waitFor(() => expect(seen).toBeDefined());
    unmount();
    await act(() => Promise.resolve());
    expect(seen?.aborted).toBe(true);
    expect(logged).not.toHaveBeenCalled();
  });
});
