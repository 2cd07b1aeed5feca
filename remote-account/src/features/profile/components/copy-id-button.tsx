import { CopyButton } from '../../../components/copy-button';

/** Copies the user's id to the clipboard and says 'Copied!' for 2 seconds. */
export function CopyIdButton({ id }: { id: string }) {
  return <CopyButton text={id} label="Copy ID" copiedStatus="User ID copied to the clipboard" />;
}
