import { Card, Heading, type CardBodyProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A card that is a named section of the page: its heading labels the section for assistive
 * technology. With `onSubmit` the card's body is the form itself (no native validation; the
 * fields show our own messages), so the heading stays inside the form as before.
 */
export function SectionCard({
  titleId,
  title,
  level = 'h2',
  gap = '4',
  maxWidth,
  onSubmit,
  children,
}: {
  titleId: string;
  title: ReactNode;
  level?: 'h2' | 'h3';
  gap?: CardBodyProps['gap'];
  maxWidth?: CardBodyProps['maxWidth'];
  onSubmit?: () => void;
  children: ReactNode;
}) {
  const heading = (
    <Heading as={level} size={level === 'h2' ? 'lg' : 'md'} id={titleId}>
      {title}
    </Heading>
  );
  return (
    <Card.Root as="section" aria-labelledby={titleId}>
      {onSubmit ? (
        <Card.Body asChild gap={gap} maxWidth={maxWidth}>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              onSubmit();
            }}
          >
            {heading}
            {children}
          </form>
        </Card.Body>
      ) : (
        <Card.Body gap={gap} maxWidth={maxWidth}>
          {heading}
          {children}
        </Card.Body>
      )}
    </Card.Root>
  );
}
