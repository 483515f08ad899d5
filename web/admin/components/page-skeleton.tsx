/** A back-office page loading: a title and three rows of placeholder, the label read by screen readers. */
export function PageSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true">
      {label ? <span className="admin-visually-hidden">{label}</span> : null}
      <div className="admin-skeleton admin-skeleton--title" />
      <div className="admin-skeleton admin-skeleton--row" />
      <div className="admin-skeleton admin-skeleton--row" />
      <div className="admin-skeleton admin-skeleton--row" />
    </div>
  );
}
