import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SAFE_TAGS, VOID_TAGS } from '../../../contract/html-allow-list.ts';
import { type SafeNode, sanitizeHtml } from '../../lib/safe-html.tsx';
import './html-editor.css';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * HTML through the storefront's allow-list before the region shows it: a description an import
 * brought in is the venue's raw HTML, and nothing of it may run in a member's signed-in page.
 */
function safeMarkup(html: string): string {
  const write = (nodes: readonly SafeNode[]): string =>
    nodes
      .map((node) => {
        if (typeof node === 'string') return escape(node);
        const attrs = Object.entries(node.attrs)
          .map(([name, value]) => ` ${name}="${escape(value)}"`)
          .join('');
        return VOID_TAGS.has(node.tag) ? `<${node.tag}${attrs}>` : `<${node.tag}${attrs}>${write(node.children)}</${node.tag}>`;
      })
      .join('');
  return write(sanitizeHtml(html, SAFE_TAGS));
}

/**
 * The toolbar's commands: only what the storefront's allow-list keeps (contract/html-allow-list.ts).
 * A label of letters or digits («1.») is part of the button's name (its text in the catalogs
 * starts with it), so a member who says what they see to voice control finds the button.
 */
const COMMANDS = [
  { key: 'bold', command: 'bold', label: 'B' },
  { key: 'italic', command: 'italic', label: 'I' },
  { key: 'bullets', command: 'insertUnorderedList', label: '•' },
  { key: 'numbers', command: 'insertOrderedList', label: '1.' },
  { key: 'link', command: 'createLink', label: '🔗' },
  { key: 'unlink', command: 'unlink', label: '⛓' },
  { key: 'clear', command: 'removeFormat', label: 'T' },
] as const;

/**
 * The description as the member writes it: a formatted text with a small toolbar (bold, italic,
 * lists, links), or its HTML code. No editor library: a contentEditable region does all the
 * allow-list keeps, weighs nothing, and the server sanitizes whatever arrives before storing it.
 * The browser's editing commands are deprecated as a standard yet implemented by every browser.
 */
export function HtmlEditor({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (html: string) => void }) {
  const { t } = useTranslation('admin');
  const [code, setCode] = useState(false);
  const region = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const toolbar = useRef<HTMLDivElement>(null);
  // The toolbar is one tab stop (the ARIA toolbar pattern): the button last used holds it, the arrows, Home and End move along.
  const [current, setCurrent] = useState(0);
  const tools = code ? 1 : COMMANDS.length + 1;
  const stop = Math.min(current, tools - 1);

  function onToolbarKey(event: KeyboardEvent) {
    const moves: Record<string, number> = {
      ArrowRight: stop + 1,
      ArrowDown: stop + 1,
      ArrowLeft: stop - 1,
      ArrowUp: stop - 1,
      Home: 0,
      End: tools - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = (to + tools) % tools;
    setCurrent(next);
    toolbar.current?.querySelectorAll('button')[next]?.focus();
  }

  // The region owns its DOM while the member types; it takes a value from outside only when that
  // differs, so the caret does not jump.
  useEffect(() => {
    const el = region.current;
    if (el && el.innerHTML !== value) el.innerHTML = safeMarkup(value);
  }, [value, code]);

  function run(command: (typeof COMMANDS)[number]['command']) {
    region.current?.focus();
    if (command === 'createLink') {
      const url = window.prompt(t('editor.linkPrompt'), 'https://');
      if (!url) return;
      document.execCommand(command, false, url);
    } else document.execCommand(command);
    onChange(region.current?.innerHTML ?? '');
  }

  return (
    <div className="admin-field">
      <span id={labelId} className="admin-editor__label">
        {label}
      </span>
      <div
        ref={toolbar}
        className="admin-editor__toolbar"
        role="toolbar"
        aria-label={t('editor.toolbar')}
        aria-controls={code ? id : `${id}-rich`}
        onKeyDown={onToolbarKey}
      >
        {code
          ? null
          : COMMANDS.map((c, i) => (
              <button
                key={c.key}
                type="button"
                className="admin-editor__tool"
                tabIndex={i === stop ? 0 : -1}
                aria-label={t(`editor.${c.key}`)}
                title={t(`editor.${c.key}`)}
                onMouseDown={(e) => e.preventDefault()}
                onFocus={() => setCurrent(i)}
                onClick={() => run(c.command)}
              >
                <span aria-hidden="true">{c.label}</span>
              </button>
            ))}
        <button
          type="button"
          className="admin-editor__tool admin-editor__tool--wide"
          tabIndex={stop === tools - 1 ? 0 : -1}
          aria-pressed={code}
          onFocus={() => setCurrent(code ? 0 : COMMANDS.length)}
          onClick={() => {
            // The toggle keeps the tab stop in both modes.
            setCurrent(code ? COMMANDS.length : 0);
            setCode(!code);
          }}
        >
          {t('editor.code')}
        </button>
      </div>
      {code ? (
        <textarea
          id={id}
          aria-labelledby={labelId}
          className="admin-editor__html"
          rows={6}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          aria-describedby={`${id}-hint`}
        />
      ) : (
        <div
          id={`${id}-rich`}
          ref={region}
          className="admin-editor__rich"
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-describedby={`${id}-hint`}
          contentEditable
          suppressContentEditableWarning
          tabIndex={0}
          onInput={(e) => onChange(e.currentTarget.innerHTML)}
        />
      )}
      <p className="admin-field__hint" id={`${id}-hint`}>
        {t('editor.hint')}
      </p>
    </div>
  );
}
