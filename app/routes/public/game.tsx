import { CommandRush } from "#app/components/game/CommandRush.tsx";
import styles from "#app/components/game/GamePage.module.css";
import { PageBanner } from "#app/components/layout/PageBanner.tsx";
import { type IslandsHandle, ReactIsland } from "#app/lib/islands.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/game";

const BANNER_DETAIL =
  "화면에 나온 명령어를 그대로 입력하는 타자 게임입니다. 동아리방 쉬는 시간의 기록에 도전해 보세요.";

/** The game is a React component, hydrated on its own. */
export const handle: IslandsHandle = { islands: ["game"] };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Command Rush",
    description: "화면에 나온 명령어를 누가 더 빨리, 정확하게 입력할까요? 키보드와 터치로 즐기는 타자 게임.",
  });

export default function Game() {
  return (
    <>
      <PageBanner eyebrow="Game" title="Command Rush" detail={BANNER_DETAIL} />
      <div className={`container ${styles.page}`}>
        <ReactIsland name="command-rush" component={CommandRush} props={{}} />
        <aside className={styles.rules} aria-labelledby="game-rules">
          <h2 id="game-rules" className={styles.rulesTitle}>
            규칙
          </h2>
          <ul>
            <li>명령어를 빈칸, 기호까지 똑같이 입력하면 바로 다음 명령어가 나옵니다.</li>
            <li>연속으로 세 번 맞힐 때마다 점수가 0.5배씩, 최대 3배까지 커집니다.</li>
            <li>
              막히면 <kbd>Esc</kbd> 또는 건너뛰기. 연속 기록은 처음부터 다시 셉니다.
            </li>
            <li>맞힐수록 명령어가 길어집니다. 60초 도전은 1분, 연습 모드는 시간 제한이 없습니다.</li>
          </ul>
        </aside>
      </div>
    </>
  );
}
