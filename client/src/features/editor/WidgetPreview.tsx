import { Box, chakra, Flex, Heading, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_BOT_THEME_COLOR } from '@chatbot/common/bots';
import { ChatBubble } from '../../ui/ChatParts.tsx';
import { isHexColor } from './botDraft.ts';
// The widget's own icons and colour rule, so the preview shows what visitors will see.
import { CHAT_ICON_PATH, SEND_ICON_PATH } from '@chatbot/common/icons';
import { textColorOn } from '@chatbot/common/contrast';

const LAUNCHER_PLACEMENT: Record<string, { top?: string; bottom?: string; left?: string; right?: string }> = {
  'bottom-right': { bottom: '3', right: '3' },
  'bottom-left': { bottom: '3', left: '3' },
  'top-right': { top: '3', right: '3' },
  'top-left': { top: '3', left: '3' },
};

/** The widget as visitors will see it with the current, unsaved settings: colours, name, logo, icon, position. */
export function WidgetPreview({
  displayName,
  themeColor,
  chatPosition,
  logoUrl,
  iconUrl,
}: {
  displayName: string;
  themeColor: string;
  chatPosition: string;
  logoUrl: string | null;
  iconUrl: string | null;
}) {
  const { t } = useTranslation();
  const colour = isHexColor(themeColor) ? themeColor.trim() : DEFAULT_BOT_THEME_COLOR;
  const onColour = textColorOn(colour);
  const title = displayName.trim() || t('editor.details.defaultTitle');
  const top = chatPosition.startsWith('top');
  return (
    <Stack as="section" aria-labelledby="widget-preview-heading" gap="3">
      <Heading as="h3" size="sm" id="widget-preview-heading">
        {t('editor.details.preview')}
      </Heading>
      <Box
        position="relative"
        height="26rem"
        borderWidth="1px"
        borderRadius="lg"
        bg="bg.subtle"
        overflow="hidden"
        data-testid="widget-preview"
      >
        <Flex
          direction="column"
          position="absolute"
          insetX="3"
          top={top ? '16' : '3'}
          bottom={top ? '3' : '16'}
          bg="bg"
          borderRadius="lg"
          boxShadow="md"
          overflow="hidden"
        >
          <HStack
            gap="2"
            paddingX="3"
            paddingY="2"
            style={{ backgroundColor: colour, color: onColour }}
            data-testid="widget-preview-header"
          >
            {logoUrl && <Image src={logoUrl} alt="" boxSize="6" borderRadius="full" objectFit="cover" bg="white" />}
            <Text fontWeight="semibold" truncate>
              {title}
            </Text>
          </HStack>
          <Stack flex="1" padding="3" gap="2" fontSize="sm">
            <ChatBubble fromUser={false}>{t('editor.details.previewGreeting')}</ChatBubble>
          </Stack>
          <HStack gap="2" padding="2" borderTopWidth="1px">
            <Text flex="1" fontSize="sm" color="fg.muted" paddingX="2">
              {t('editor.details.previewPlaceholder')}
            </Text>
            {/* The send button as the widget shows it before anything is typed: faded. */}
            <Flex
              width="8"
              height="8"
              borderRadius="md"
              align="center"
              justify="center"
              opacity={0.5}
              style={{ backgroundColor: colour, color: onColour }}
              aria-hidden="true"
            >
              <WidgetIcon path={SEND_ICON_PATH} size="4" />
            </Flex>
          </HStack>
        </Flex>
        <Flex
          position="absolute"
          {...(LAUNCHER_PLACEMENT[chatPosition] ?? LAUNCHER_PLACEMENT['bottom-right'])}
          width="11"
          height="11"
          borderRadius="full"
          align="center"
          justify="center"
          overflow="hidden"
          boxShadow="md"
          style={{ backgroundColor: colour }}
          data-testid="widget-preview-launcher"
        >
          {iconUrl ? (
            <Image src={iconUrl} alt="" boxSize="full" objectFit="cover" />
          ) : (
            <Flex style={{ color: onColour }} aria-hidden="true">
              <WidgetIcon path={CHAT_ICON_PATH} size="6" />
            </Flex>
          )}
        </Flex>
      </Box>
    </Stack>
  );
}

/** One of the widget's icons, in the surrounding text colour. */
function WidgetIcon({ path, size }: { path: string; size: string }) {
  return (
    <chakra.svg viewBox="0 0 24 24" boxSize={size} fill="currentColor">
      <path d={path} />
    </chakra.svg>
  );
}
