import { TextSelection } from "@tiptap/pm/state";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useId, useState } from "react";
import {
  BoldIcon,
  BulletListIcon,
  CodeBlockIcon,
  HeadingThreeIcon,
  HeadingTwoIcon,
  InlineCodeIcon,
  ItalicIcon,
  LinkIcon,
  OrderedListIcon,
  QuoteIcon,
  RedoIcon,
  StrikeIcon,
  UndoIcon,
} from "#app/components/icons/editor-icons.tsx";
import styles from "./RichTextEditor.module.css";

/** The links the server keeps (sanitize.ts): web and mail addresses, and addresses on the site. */
const allowedLink = /^(https?:|mailto:|tel:|[/#?]|[^:]*$)/i;

interface RichTextEditorProps {
  /** The form field that carries the HTML (a hidden input kept in sync). */
  name: string;
  label: string;
  defaultValue: string;
  /** Called on every change, e.g. to mark the form as edited. */
  onChange?: (html: string) => void;
  invalid?: boolean;
  describedBy?: string | undefined;
}

/**
 * The admin's rich-text editor (TipTap): headings, emphasis, lists, quotes, links and code
 * blocks. Its HTML goes in a hidden input so it takes part in an ordinary form submission;
 * the server sanitizes that HTML with an allow-list before storing it.
 */
export function RichTextEditor({ name, label, defaultValue, onChange, invalid, describedBy }: RichTextEditorProps) {
  const labelId = useId();
  // The HTML the form sends, held by React: an uncontrolled hidden input would be set back to
  // its default whenever the editor renders again.
  const [html, setHtml] = useState(defaultValue);
  const editor = useEditor({
    // The admin page is rendered on the server; the editor itself starts in the browser.
    immediatelyRender: false,
    // TipTap would add ProseMirror's base rules in a <style> element, which the site's
    // Content-Security-Policy refuses; they are in RichTextEditor.module.css instead.
    injectCSS: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        // http, https and mailto are linkify's own schemes: naming them in `protocols` registered
        // them again on every editor, which linkify refuses with a warning once it has started.
        // Which links are allowed is said here instead, as the server's sanitizer allows them.
        link: {
          openOnClick: false,
          autolink: true,
          isAllowedUri: (url, context) => context.defaultValidate(url) && allowedLink.test(url),
        },
      }),
    ],
    content: defaultValue,
    editorProps: {
      attributes: {
        class: styles.content ?? "",
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
      },
    },
    onUpdate: ({ editor: current }) => {
      const next = current.isEmpty ? "" : current.getHTML();
      setHtml(next);
      onChange?.(next);
    },
  });

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      current
        ? {
            bold: current.isActive("bold"),
            italic: current.isActive("italic"),
            strike: current.isActive("strike"),
            code: current.isActive("code"),
            h2: current.isActive("heading", { level: 2 }),
            h3: current.isActive("heading", { level: 3 }),
            bulletList: current.isActive("bulletList"),
            orderedList: current.isActive("orderedList"),
            blockquote: current.isActive("blockquote"),
            codeBlock: current.isActive("codeBlock"),
            link: current.isActive("link"),
            canUndo: current.can().undo(),
            canRedo: current.can().redo(),
          }
        : null,
  });

  const chain = () => editor?.chain().focus();
  // The link's address is asked in a bar under the toolbar (not a browser prompt, which phones
  // show poorly and screen readers announce out of context).
  const [linkDraft, setLinkDraft] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const linkInputId = useId();
  const closeLinkBar = () => {
    setLinkDraft(null);
    setLinkError(null);
    chain()?.run();
  };
  const applyLink = () => {
    if (!editor || linkDraft === null) return;
    const address = linkDraft.trim();
    if (address === "") {
      chain()?.extendMarkRange("link").unsetLink().run();
      closeLinkBar();
      return;
    }
    if (!editorLink(address)) {
      setLinkError("http://, https:// 또는 mailto:로 시작하는 주소를 넣어 주세요.");
      return;
    }
    if (editor.state.selection.empty && !editor.isActive("link")) {
      // Nothing selected: the address itself becomes the linked text.
      chain()
        ?.insertContent({
          type: "text",
          text: address,
          marks: [{ type: "link", attrs: { href: address } }],
        })
        .run();
    } else {
      chain()
        ?.extendMarkRange("link")
        .setLink({ href: address })
        // Writing goes on after the link, not over it.
        .command(({ tr }) => {
          tr.setSelection(TextSelection.create(tr.doc, tr.selection.to));
          return true;
        })
        .run();
    }
    closeLinkBar();
  };
  const openLinkBar = () => {
    if (!editor) return;
    setLinkError(null);
    setLinkDraft((editor.getAttributes("link").href as string | undefined) ?? "https://");
  };

  // Each button is named by its label (read out and shown as a tooltip); its icon is drawn.
  const tools: {
    label: string;
    Icon: typeof BoldIcon;
    active?: boolean | undefined;
    disabled?: boolean;
    run: () => void;
  }[] = [
    {
      label: "제목 2",
      Icon: HeadingTwoIcon,
      active: state?.h2,
      run: () => chain()?.toggleHeading({ level: 2 }).run(),
    },
    {
      label: "제목 3",
      Icon: HeadingThreeIcon,
      active: state?.h3,
      run: () => chain()?.toggleHeading({ level: 3 }).run(),
    },
    { label: "굵게", Icon: BoldIcon, active: state?.bold, run: () => chain()?.toggleBold().run() },
    {
      label: "기울임",
      Icon: ItalicIcon,
      active: state?.italic,
      run: () => chain()?.toggleItalic().run(),
    },
    {
      label: "취소선",
      Icon: StrikeIcon,
      active: state?.strike,
      run: () => chain()?.toggleStrike().run(),
    },
    {
      label: "코드",
      Icon: InlineCodeIcon,
      active: state?.code,
      run: () => chain()?.toggleCode().run(),
    },
    {
      label: "글머리 기호 목록",
      Icon: BulletListIcon,
      active: state?.bulletList,
      run: () => chain()?.toggleBulletList().run(),
    },
    {
      label: "번호 목록",
      Icon: OrderedListIcon,
      active: state?.orderedList,
      run: () => chain()?.toggleOrderedList().run(),
    },
    {
      label: "인용",
      Icon: QuoteIcon,
      active: state?.blockquote,
      run: () => chain()?.toggleBlockquote().run(),
    },
    {
      label: "코드 블록",
      Icon: CodeBlockIcon,
      active: state?.codeBlock,
      run: () => chain()?.toggleCodeBlock().run(),
    },
    { label: "링크", Icon: LinkIcon, active: state?.link, run: openLinkBar },
    {
      label: "되돌리기",
      Icon: UndoIcon,
      disabled: !state?.canUndo,
      run: () => chain()?.undo().run(),
    },
    {
      label: "다시 하기",
      Icon: RedoIcon,
      disabled: !state?.canRedo,
      run: () => chain()?.redo().run(),
    },
  ];

  return (
    <div className={styles.editor} data-invalid={invalid || undefined}>
      <span id={labelId} className="visually-hidden">
        {label}
      </span>
      <div className={styles.toolbar} role="toolbar" aria-label={`${label} 서식`}>
        {tools.map((tool) => (
          <button
            key={tool.label}
            type="button"
            className={styles.tool}
            aria-label={tool.label}
            title={tool.label}
            aria-pressed={tool.active === undefined ? undefined : tool.active}
            disabled={!editor || tool.disabled}
            onClick={tool.run}
          >
            <tool.Icon size={18} />
          </button>
        ))}
      </div>
      {linkDraft !== null && (
        <fieldset className={styles.linkBar}>
          <legend className="visually-hidden">링크</legend>
          <label htmlFor={linkInputId}>링크 주소</label>
          <input
            id={linkInputId}
            type="url"
            inputMode="url"
            value={linkDraft}
            aria-invalid={linkError ? true : undefined}
            aria-describedby={linkError ? `${linkInputId}-error` : `${linkInputId}-hint`}
            // biome-ignore lint/a11y/noAutofocus: the bar opens on the manager's click to type here
            autoFocus
            onChange={(event) => {
              setLinkDraft(event.currentTarget.value);
              setLinkError(null);
            }}
            onKeyDown={(event) => {
              // Enter applies the link instead of sending the article's form; Escape closes.
              if (event.key === "Enter" && !event.nativeEvent.isComposing) {
                event.preventDefault();
                applyLink();
              } else if (event.key === "Escape") {
                event.preventDefault();
                closeLinkBar();
              }
            }}
          />
          <button type="button" className={styles.tool} onClick={applyLink}>
            적용
          </button>
          <button type="button" className={styles.tool} onClick={closeLinkBar}>
            취소
          </button>
          {linkError ? (
            <p id={`${linkInputId}-error`} className={styles.linkError} role="alert">
              {linkError}
            </p>
          ) : (
            <p id={`${linkInputId}-hint`} className={styles.linkHint}>
              비워 두고 적용하면 링크를 없앱니다.
            </p>
          )}
        </fieldset>
      )}
      <input type="hidden" name={name} value={html} />
      {editor ? (
        <EditorContent editor={editor} />
      ) : (
        <div className={styles.loading} aria-hidden="true">
          편집기를 불러오는 중…
        </div>
      )}
    </div>
  );
}

/** Addresses an article may link to: the web and e-mail (the server's sanitizer allows these). */
function editorLink(address: string): boolean {
  try {
    return ["http:", "https:", "mailto:"].includes(new URL(address).protocol);
  } catch {
    return false;
  }
}
