import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { editorPathOf } from '../editor/editorPath.ts';

/** A new bot is made in the editor, starting on its Agent Use Case tab (an editor address without a bot id). */
export function CreateBotButton({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button colorPalette="brand" disabled={disabled} onClick={() => navigate(editorPathOf())}>
      {t('chatbots.create')}
    </Button>
  );
}
