import { useCallback, useRef, useState, type ComponentType } from 'react';

/**
 * A modal dialog whose code is fetched as the button opening it is about to be pressed (`load`:
 * pointed at, touched or focused); pressed before it is there (`show`), it opens as it arrives.
 * `attach` is the `<dialog>`'s ref.
 */
export function useLazyModal<Props>(fetch: () => Promise<ComponentType<Props>>) {
  const dialog = useRef<HTMLDialogElement | null>(null);
  const [Dialog, setDialog] = useState<ComponentType<Props> | null>(null);
  // Pressed while the dialog's code was on its way.
  const wanted = useRef(false);
  const attach = useCallback((element: HTMLDialogElement | null) => {
    dialog.current = element;
    if (element && wanted.current) {
      wanted.current = false;
      element.showModal();
    }
  }, []);
  const load = () => {
    if (Dialog) return;
    fetch().then((component) => setDialog(() => component), () => { wanted.current = false; });
  };
  const show = () => {
    if (dialog.current) {
      dialog.current.showModal();
      return;
    }
    wanted.current = true;
    load();
  };
  return { Dialog, attach, load, show };
}
