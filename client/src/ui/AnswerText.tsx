import { Box, Link, List, Stack, Text } from '@chakra-ui/react';
import { parseMarkdown, type Block, type Inline } from '@chatbot/common/markdown';
import { Code } from './chakra/Code.ts';

function Inlines({ inlines }: { inlines: Inline[] }) {
  return inlines.map((inline, index) => <InlineElement key={index} inline={inline} />);
}

function InlineElement({ inline }: { inline: Inline }) {
  switch (inline.kind) {
    case 'text':
      return inline.text;
    case 'strong':
      return (
        <strong>
          <Inlines inlines={inline.children} />
        </strong>
      );
    case 'em':
      return (
        <em>
          <Inlines inlines={inline.children} />
        </em>
      );
    case 'code':
      return <Code>{inline.text}</Code>;
    case 'link':
      return (
        <Link href={inline.href} target="_blank" rel="noopener noreferrer" color="brand.fg" textDecoration="underline">
          <Inlines inlines={inline.children} />
        </Link>
      );
    case 'citation':
      // The dashboard raises citations; the widget, which lists the sources under the bubble, keeps them in the line.
      return (
        <Text as="sup" fontWeight="semibold" color="brand.fg">
          {inline.text}
        </Text>
      );
    case 'break':
      return <br />;
  }
}

function BlockElement({ block }: { block: Block }) {
  switch (block.kind) {
    case 'paragraph':
      return (
        <Text>
          <Inlines inlines={block.children} />
        </Text>
      );
    case 'pre':
      return (
        <Box as="pre" overflowX="auto" margin="0">
          <Code display="block" padding="2" whiteSpace="pre">
            {block.text}
          </Code>
        </Box>
      );
    case 'list':
      return (
        <List.Root as={block.ordered ? 'ol' : 'ul'} paddingInlineStart="5">
          {block.items.map((item, position) => (
            <List.Item key={position}>
              <Inlines inlines={item} />
            </List.Item>
          ))}
        </List.Root>
      );
    case 'blockquote':
      return (
        <Stack as="blockquote" gap="2" borderInlineStartWidth="3px" borderColor="brand.muted" paddingInlineStart="3" margin="0">
          <Blocks blocks={block.children} />
        </Stack>
      );
  }
}

function Blocks({ blocks }: { blocks: Block[] }) {
  return blocks.map((block, index) => <BlockElement key={index} block={block} />);
}

/** An answer's text with its markdown shown as such, read by the same parser as the widget's. */
export function AnswerText({ text }: { text: string }) {
  return (
    <Stack gap="2" overflowWrap="anywhere">
      <Blocks blocks={parseMarkdown(text)} />
    </Stack>
  );
}
