import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useId } from "react";
import styles from "./RichTextEditor.module.css";

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
 * blocks. It writes HTML into a hidden input so it takes part in an ordinary form submission;
 * the server sanitizes that HTML with an allow-list before storing it.
 */
export function RichTextEditor({
  name,
  label,
  defaultValue,
  onChange,
  invalid,
  describedBy,
}: RichTextEditorProps) {
  const labelId = useId();
  const editor = useEditor({
    // The admin page is rendered on the server; the editor itself starts in the browser.
    immediatelyRender: false,
    // TipTap would add ProseMirror's base rules in a <style> element, which the site's
    // Content-Security-Policy refuses; they are in RichTextEditor.module.css instead.
    injectCSS: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, protocols: ["http", "https", "mailto"] },
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
      const html = current.isEmpty ? "" : current.getHTML();
      const input = document.querySelector<HTMLInputElement>(`input[type=hidden][name="${name}"]`);
      if (input) input.value = html;
      onChange?.(html);
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
  const setLink = () => {
    if (!editor) return;
    const previous = editor.getAttributes("link").href as string | undefined;
    const url = window.prompt("링크 주소 (비우면 링크를 없앱니다)", previous ?? "https://");
    if (url === null) return;
    if (url.trim() === "" || url.trim() === "https://") {
      chain()?.extendMarkRange("link").unsetLink().run();
      return;
    }
    chain()?.extendMarkRange("link").setLink({ href: url.trim() }).run();
  };

  const tools: {
    label: string;
    active?: boolean | undefined;
    disabled?: boolean;
    run: () => void;
    text: string;
  }[] = [
    {
      label: "제목 2",
      text: "H2",
      active: state?.h2,
      run: () => chain()?.toggleHeading({ level: 2 }).run(),
    },
    {
      label: "제목 3",
      text: "H3",
      active: state?.h3,
      run: () => chain()?.toggleHeading({ level: 3 }).run(),
    },
    { label: "굵게", text: "B", active: state?.bold, run: () => chain()?.toggleBold().run() },
    { label: "기울임", text: "I", active: state?.italic, run: () => chain()?.toggleItalic().run() },
    { label: "취소선", text: "S", active: state?.strike, run: () => chain()?.toggleStrike().run() },
    { label: "코드", text: "</>", active: state?.code, run: () => chain()?.toggleCode().run() },
    {
      label: "글머리 기호 목록",
      text: "•",
      active: state?.bulletList,
      run: () => chain()?.toggleBulletList().run(),
    },
    {
      label: "번호 목록",
      text: "1.",
      active: state?.orderedList,
      run: () => chain()?.toggleOrderedList().run(),
    },
    {
      label: "인용",
      text: "❝",
      active: state?.blockquote,
      run: () => chain()?.toggleBlockquote().run(),
    },
    {
      label: "코드 블록",
      text: "{ }",
      active: state?.codeBlock,
      run: () => chain()?.toggleCodeBlock().run(),
    },
    { label: "링크", text: "🔗", active: state?.link, run: setLink },
    { label: "되돌리기", text: "↶", disabled: !state?.canUndo, run: () => chain()?.undo().run() },
    { label: "다시 하기", text: "↷", disabled: !state?.canRedo, run: () => chain()?.redo().run() },
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
            {tool.text}
          </button>
        ))}
      </div>
      <input type="hidden" name={name} defaultValue={defaultValue} />
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
