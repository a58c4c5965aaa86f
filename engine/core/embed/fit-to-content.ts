// A frame the host sizes to the page's content has no viewport for the page to fill: a shell's
// "at least the viewport's height" would hold the page at the frame's height, so the frame could
// grow and never shrink back. Inside such a frame, the top-level boxes of the page take their
// content's height only.
const ATTRIBUTE = 'data-embed-fit';

export function fitToContent(root: HTMLElement): () => void {
  const doc = root.ownerDocument;
  const style = doc.createElement('style');
  style.textContent = `[${ATTRIBUTE}] > * { min-height: 0 !important; }`;
  doc.head.append(style);
  root.setAttribute(ATTRIBUTE, '');
  return () => {
    root.removeAttribute(ATTRIBUTE);
    style.remove();
  };
}
