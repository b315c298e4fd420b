import { Box, Button, HStack, Input, type BoxProps } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';

/** One message of a chat the dashboard shows: the visitor's on the right in the brand colour, the bot's on the left. */
export function ChatBubble({ fromUser, children, ...rest }: { fromUser: boolean; children: ReactNode } & BoxProps) {
  return (
    <Box
      alignSelf={fromUser ? 'flex-end' : 'flex-start'}
      bg={fromUser ? 'brand.solid' : 'bg.muted'}
      color={fromUser ? 'brand.contrast' : 'fg'}
      paddingX="3"
      paddingY="2"
      borderRadius="lg"
      maxWidth="80%"
      {...rest}
    >
      {children}
    </Box>
  );
}

/** The line a chat's question is typed on, with its send button; `placeholder` names the field for screen readers too. */
export function ChatComposer({
  draft,
  onDraftChange,
  onSend,
  placeholder,
  sendLabel,
  disabled = false,
}: {
  draft: string;
  onDraftChange: (draft: string) => void;
  onSend: (event: FormEvent) => void;
  placeholder: string;
  sendLabel: string;
  disabled?: boolean;
}) {
  return (
    <HStack as="form" onSubmit={onSend} padding="3" borderTopWidth="1px">
      <Input
        value={draft}
        onChange={(event) => onDraftChange(event.currentTarget.value)}
        placeholder={placeholder}
        aria-label={placeholder}
        disabled={disabled}
      />
      <Button type="submit" colorPalette="brand" disabled={disabled}>
        {sendLabel}
      </Button>
    </HStack>
  );
}
