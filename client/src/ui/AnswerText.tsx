import { Box, List, Stack, Text } from '@chakra-ui/react';
import { Code } from './chakra/Code.ts';
import { answerBlocks, type Inline } from './answerMarkdown.ts';

function Inlines({ inlines }: { inlines: Inline[] }) {
  return inlines.map((inline, index) => {
    if (inline.kind === 'bold') return <strong key={index}>{inline.text}</strong>;
    if (inline.kind === 'code') return <Code key={index}>{inline.text}</Code>;
    if (inline.kind === 'citation') {
      return (
        <Text as="sup" key={index} fontWeight="semibold" color="brand.fg">
          {inline.text}
        </Text>
      );
    }
    return <span key={index}>{inline.text}</span>;
  });
}

/** An answer's text with its markdown (quotes, lists, bold, code, [n]) shown as such. */
export function AnswerText({ text }: { text: string }) {
  return (
    <Stack gap="2" whiteSpace="pre-wrap">
      {answerBlocks(text).map((block, index) => {
        if (block.kind === 'quote') {
          return (
            <Box as="blockquote" key={index} borderInlineStartWidth="3px" borderColor="brand.muted" paddingInlineStart="3" margin="0">
              <Inlines inlines={block.inlines} />
            </Box>
          );
        }
        if (block.kind === 'list') {
          return (
            <List.Root key={index} as="ul" paddingInlineStart="5">
              {block.items.map((item, position) => (
                <List.Item key={position}>
                  <Inlines inlines={item} />
                </List.Item>
              ))}
            </List.Root>
          );
        }
        return (
          <Text key={index}>
            <Inlines inlines={block.inlines} />
          </Text>
        );
      })}
    </Stack>
  );
}
