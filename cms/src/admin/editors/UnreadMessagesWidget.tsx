import { useEffect, useState } from 'react';
import { Flex, Typography } from '@strapi/design-system';
import { useFetchClient, Widget } from '@strapi/strapi/admin';
import { CONTACT_MESSAGES, UNREAD_FILTER_QUERY } from './constants';

type State = { status: 'loading' } | { status: 'ready'; unread: number } | { status: 'error' };

/** The number of contact messages no editor has marked read yet. */
export function UnreadMessagesWidget() {
  const { get } = useFetchClient();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let alive = true;
    get(`/content-manager/collection-types/${CONTACT_MESSAGES}?${UNREAD_FILTER_QUERY}&pageSize=1`)
      .then(({ data }: { data: { pagination?: { total?: number } } }) => {
        if (alive) setState({ status: 'ready', unread: data.pagination?.total ?? 0 });
      })
      .catch(() => alive && setState({ status: 'error' }));
    return () => {
      alive = false;
    };
  }, [get]);

  if (state.status === 'loading') return <Widget.Loading />;
  if (state.status === 'error') return <Widget.Error />;
  return (
    <Flex direction="column" alignItems="center" justifyContent="center" gap={2} height="100%" data-testid="unread-contact-messages">
      <Typography variant="alpha" tag="p" textColor={state.unread > 0 ? 'primary600' : 'neutral600'}>
        {state.unread}
      </Typography>
      <Typography variant="omega" textColor="neutral600">
        {state.unread === 1 ? 'unread message' : 'unread messages'}
      </Typography>
    </Flex>
  );
}
