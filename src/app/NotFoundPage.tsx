import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../components/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <Stack p="md">
      <Title order={1}>Page not found</Title>
      <Text>
        Nothing is at this address.{' '}
        <Anchor component={Link} to="/fields">
          Go to the calculated fields
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
