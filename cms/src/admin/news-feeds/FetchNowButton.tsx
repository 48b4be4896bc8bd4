import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useFetchClient, useNotification } from '@strapi/strapi/admin';
import { Button, Modal, Table, Tbody, Td, Th, Thead, Tr, Typography } from '@strapi/design-system';
import { ArrowClockwise } from '@strapi/icons';
import type { FeedResult } from '@haic/contract';

const NEWS_FEEDS = 'api::news-feed.news-feed';
/** The admin API route the server registers in cms/src/api/news-feed/admin-routes.ts. */
const FETCH_NOW_URL = '/admin/news-feeds/fetch-now';

interface Report {
  startedAt: string;
  created: number;
  feeds: FeedResult[];
}

/**
 * "Fetch now" on the News Feed list: runs one aggregation pass over every enabled feed (the same pass the
 * schedule runs) and shows what each feed gave. Closing the results reloads the list with the new counts.
 */
export function FetchNowButton() {
  const { slug } = useParams();
  const { post } = useFetchClient();
  const { toggleNotification } = useNotification();
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<Report | null>(null);

  if (slug !== NEWS_FEEDS) return null;

  const fetchNow = async () => {
    setBusy(true);
    try {
      const { data } = await post<{ data: Report }>(FETCH_NOW_URL, {});
      setReport(data.data);
    } catch (error) {
      const status = (error as { status?: number; response?: { status?: number } }).response?.status ?? (error as { status?: number }).status;
      toggleNotification({
        type: 'danger',
        message:
          status === 403
            ? 'You may not fetch news feeds: ask an administrator for edit rights on News Feed.'
            : 'The feeds could not be fetched. Please try again.',
      });
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    setReport(null);
    window.location.reload();
  };

  return (
    <>
      <Button variant="secondary" startIcon={<ArrowClockwise />} onClick={fetchNow} loading={busy} disabled={busy}>
        {busy ? 'Fetching…' : 'Fetch now'}
      </Button>
      <Modal.Root open={report !== null} onOpenChange={(open: boolean) => !open && close()}>
        <Modal.Content>
          <Modal.Header>
            <Modal.Title>Feeds fetched</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {report && (
              <>
                <Typography tag="p" variant="omega">
                  {report.feeds.length === 0
                    ? 'No feed is enabled.'
                    : `${report.created} new item${report.created === 1 ? '' : 's'} from ${report.feeds.length} feed${report.feeds.length === 1 ? '' : 's'}.`}
                </Typography>
                {report.feeds.length > 0 && (
                  <Table colCount={4} rowCount={report.feeds.length + 1}>
                    <Thead>
                      <Tr>
                        <Th>
                          <Typography variant="sigma">Feed</Typography>
                        </Th>
                        <Th>
                          <Typography variant="sigma">Items seen</Typography>
                        </Th>
                        <Th>
                          <Typography variant="sigma">New items stored</Typography>
                        </Th>
                        <Th>
                          <Typography variant="sigma">Last error</Typography>
                        </Th>
                      </Tr>
                    </Thead>
                    <Tbody>
                      {report.feeds.map((feed) => (
                        <Tr key={feed.feed}>
                          <Td>
                            <Typography>{feed.feed}</Typography>
                          </Td>
                          <Td>
                            <Typography>{feed.seen}</Typography>
                          </Td>
                          <Td>
                            <Typography>{feed.created}</Typography>
                          </Td>
                          <Td>
                            <Typography textColor={feed.error ? 'danger600' : 'neutral600'}>{feed.error ?? '—'}</Typography>
                          </Td>
                        </Tr>
                      ))}
                    </Tbody>
                  </Table>
                )}
              </>
            )}
          </Modal.Body>
          <Modal.Footer>
            <Button onClick={close}>Close</Button>
          </Modal.Footer>
        </Modal.Content>
      </Modal.Root>
    </>
  );
}
