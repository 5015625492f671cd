import { Link } from "react-router";
import { PageHeader } from "#app/components/admin/PageHeader.tsx";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import {
  MANUAL_PDF_PATH,
  manualChapters,
  manualEyebrow,
  manualIntroduction,
  manualTitle,
} from "#shared/admin-manual.ts";
import type { ManualBlock, ManualRun, ManualText } from "#shared/manual-markup.ts";
import type { Route } from "./+types/manual";
import styles from "./manual.module.css";

/**
 * The words come with the page's data, not in its script: a manual that grows with every screen
 * would otherwise make the admin area's largest script.
 */
export function loader() {
  return {
    eyebrow: manualEyebrow,
    title: manualTitle,
    introduction: manualIntroduction,
    chapters: manualChapters,
    pdfPath: MANUAL_PDF_PATH,
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: args.loaderData?.title, noIndex: true });

/**
 * A written guide for club managers: a new manager each semester learns the admin area here. The
 * words live in shared/admin-manual.ts, which the PDF download is made from as well.
 */
export default function Manual({ loaderData }: Route.ComponentProps) {
  const { eyebrow, title, introduction, chapters, pdfPath } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow={eyebrow}
        title={title}
        description={
          <p>
            <Text text={introduction} />
          </p>
        }
        actions={
          // A file, not a page: the browser downloads it instead of the router navigating.
          <ButtonLink to={pdfPath} reloadDocument variant="secondary" size="sm">
            PDF로 내려받기
          </ButtonLink>
        }
      />
      <div className={styles.layout}>
        <nav className={styles.toc} aria-labelledby="toc-title">
          <h2 id="toc-title" className={styles.tocTitle}>
            목차
          </h2>
          <ol>
            {chapters.map((chapter) => (
              <li key={chapter.id}>
                <a href={`#${chapter.id}`}>{chapter.title}</a>
              </li>
            ))}
          </ol>
        </nav>

        <article className={styles.article}>
          {chapters.map((chapter) => (
            <section key={chapter.id} id={chapter.id} aria-labelledby={`${chapter.id}-title`}>
              <h2 id={`${chapter.id}-title`}>{chapter.title}</h2>
              {chapter.blocks.map((block, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed text; the place is the identity
                <Block key={index} block={block} />
              ))}
            </section>
          ))}
        </article>
      </div>
    </>
  );
}

function Block({ block }: { block: ManualBlock }) {
  switch (block.kind) {
    case "paragraph":
      return (
        <p>
          <Text text={block.text} />
        </p>
      );
    case "subheading":
      return (
        <h3>
          <Text text={block.text} />
        </h3>
      );
    case "list": {
      const List = block.ordered ? "ol" : "ul";
      return (
        <List>
          {block.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed text; the place is the identity
            <li key={index}>
              <Text text={item} />
            </li>
          ))}
        </List>
      );
    }
    case "terms":
      return (
        <dl className={styles.terms}>
          {block.terms.map(({ term, description }) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>
                <Text text={description} />
              </dd>
            </div>
          ))}
        </dl>
      );
  }
}

function Text({ text }: { text: ManualText }) {
  // biome-ignore lint/suspicious/noArrayIndexKey: fixed text; the place is the identity
  return text.map((run, index) => <Run key={index} run={run} />);
}

function Run({ run }: { run: ManualRun }) {
  if (typeof run === "string") return run;
  switch (run.kind) {
    case "strong":
      return <strong>{run.text}</strong>;
    case "code":
      return <code>{run.text}</code>;
    case "kbd":
      return <kbd>{run.text}</kbd>;
    case "link":
      return run.to.startsWith("/") ? <Link to={run.to}>{run.text}</Link> : <a href={run.to}>{run.text}</a>;
  }
}
