type Section = { id: string; label: string };

/**
 * The links to a long editor's sections: a link brings its section to the top of the screen and
 * moves the focus there, so the keyboard goes on from that section (the address does not change:
 * the back office's router owns it).
 */
export function SectionNav({ label, sections }: { label: string; sections: readonly Section[] }) {
  return (
    <nav className="admin-section-nav" aria-label={label}>
      <ul>
        {sections.map((section) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              onClick={(event) => {
                const target = document.getElementById(section.id);
                if (!target) return;
                event.preventDefault();
                if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
                target.scrollIntoView({ block: 'start' });
                target.focus({ preventScroll: true });
              }}
            >
              {section.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
