import { Button, HStack } from '@chakra-ui/react';

/** An add-or-update form's buttons: submit (add, or update while an item is picked) and, while editing, cancel. */
export function EditFormActions({
  editing,
  submitting,
  addLabel,
  updateLabel,
  cancelLabel,
  onCancel,
}: {
  editing: boolean;
  submitting: boolean;
  addLabel: string;
  updateLabel: string;
  cancelLabel: string;
  onCancel: () => void;
}) {
  return (
    <HStack gap="2" wrap="wrap">
      <Button type="submit" colorPalette="brand" loading={submitting}>
        {editing ? updateLabel : addLabel}
      </Button>
      {editing && (
        <Button variant="outline" onClick={onCancel}>
          {cancelLabel}
        </Button>
      )}
    </HStack>
  );
}
