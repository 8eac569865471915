import { LogOut } from 'lucide-react';
import { Button } from '#client/components/ui/Button.tsx';
import { ConfirmDialog } from '#client/components/ui/ConfirmDialog.tsx';
import { useLogout } from './use-logout.ts';

export function LogoutButton() {
  const { requestLogout, signOut, unsent, cancel, isSigningOut } = useLogout();
  return (
    <>
      <Button variant="ghost" size="icon" onClick={() => void requestLogout()} aria-label="Logout" title="Logout">
        <LogOut aria-hidden="true" className="size-5" />
      </Button>
      <ConfirmDialog
        open={unsent !== null}
        title="Unsent changes"
        confirmLabel="Log out anyway"
        cancelLabel="Stay signed in"
        destructive
        busy={isSigningOut}
        onConfirm={() => void signOut()}
        onCancel={cancel}
      >
        <p>
          {unsent === 1 ? '1 change has' : `${unsent} changes have`} not reached the server yet. They are stored only on
          this device and will be lost if you log out now.
        </p>
        <p>Stay signed in and reconnect to send them first.</p>
      </ConfirmDialog>
    </>
  );
}
