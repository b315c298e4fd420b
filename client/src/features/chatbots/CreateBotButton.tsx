import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** A new bot is made in the editor, starting on its Agent Use Case tab (no bot id in the navigation state). */
export function CreateBotButton({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button colorPalette="brand" disabled={disabled} onClick={() => navigate('/editor')}>
      {t('chatbots.create')}
    </Button>
  );
}
