import { chakra, VisuallyHidden } from '@chakra-ui/react';
import { useId, type ChangeEvent } from 'react';

const PickerLabel = chakra('label');

const LOOKS = {
  solid: { bg: 'brand.solid', color: 'brand.contrast', borderColor: 'brand.solid', _hover: { opacity: 0.9 } },
  outline: { bg: 'bg', color: 'fg', borderColor: 'border', _hover: { bg: 'bg.muted' } },
} as const;

/**
 * A file input shown as a button labelled in the page's language: the browser's own input labels
 * itself ("Choose File", "No file chosen") in the browser's language, whatever the page's. The
 * input stays in the page, visually hidden, so it takes the focus (the button shows the ring) and
 * is reached by its label; every pick is reported, the same file picked again too.
 */
export function FilePicker({
  label,
  onFiles,
  accept,
  multiple = false,
  look = 'solid',
  id,
}: {
  label: string;
  onFiles: (files: File[]) => void;
  accept?: string;
  multiple?: boolean;
  look?: keyof typeof LOOKS;
  /** The input's id, for a field label of its own. */
  id?: string;
}) {
  const generatedId = useId();
  const inputId = id ?? generatedId;

  function picked(event: ChangeEvent<HTMLInputElement>) {
    onFiles(Array.from(event.currentTarget.files ?? []));
    event.currentTarget.value = '';
  }

  return (
    <>
      <VisuallyHidden asChild>
        <input id={inputId} className="peer" type="file" multiple={multiple} accept={accept} onChange={picked} />
      </VisuallyHidden>
      <PickerLabel
        htmlFor={inputId}
        display="inline-flex"
        alignSelf="start"
        cursor="pointer"
        paddingX="4"
        paddingY="2"
        borderWidth="1px"
        borderRadius="md"
        fontWeight="semibold"
        fontSize="sm"
        {...LOOKS[look]}
        css={{
          '.peer:focus-visible + &': {
            outlineWidth: '2px',
            outlineStyle: 'solid',
            outlineColor: 'brand.focusRing',
            outlineOffset: '2px',
          },
        }}
      >
        {label}
      </PickerLabel>
    </>
  );
}
