// A skip link ("Zum Seitenende springen", …): the first focusable elements, visible only while focused (global.css).
export function SkipLink({ targetId, children }: { readonly targetId: string; readonly children: string }) {
  return (
    <a className="skip-link" href={`#${targetId}`}>
      {children}
    </a>
  );
}
