import { type KeyboardEvent, useEffect, useReducer, useRef, useState } from "react";
import { PlayIcon, RestartIcon } from "#app/components/icons/icons.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import styles from "./CommandRush.module.css";
import {
  accuracy,
  charactersPerMinute,
  type GameMode,
  initialState,
  PRACTICE_COMMANDS,
  ROUND_MS,
  reduce,
  remainingMs,
} from "./command-rush.ts";

const BEST_KEY = "command-rush-best";
const TICK_MS = 100;
const RESTART_ID = "command-rush-restart";

function readBest(mode: GameMode): number {
  try {
    const stored = Number(window.localStorage.getItem(`${BEST_KEY}-${mode}`));
    return Number.isFinite(stored) ? stored : 0;
  } catch {
    return 0;
  }
}

function writeBest(mode: GameMode, score: number) {
  try {
    window.localStorage.setItem(`${BEST_KEY}-${mode}`, String(score));
  } catch {
    // Private windows may refuse storage; the record then lasts only for this visit.
  }
}

/** Korean keyboard layout left on: the typed text holds Hangul where the command has none. */
const HANGUL = /[\u3131-\u318e\uac00-\ud7a3]/;

export function CommandRush() {
  const hydrated = useHydrated();
  const [state, dispatch] = useReducer(reduce, initialState);
  const [best, setBest] = useState<{ score: number; isNew: boolean } | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const { phase, mode } = state;

  // The clock: elapsed time from the start, read from Date so a paused tab catches up at once.
  useEffect(() => {
    if (phase !== "playing") return;
    const startedAt = Date.now();
    const timer = window.setInterval(() => dispatch({ type: "tick", elapsedMs: Date.now() - startedAt }), TICK_MS);
    input.current?.focus();
    return () => window.clearInterval(timer);
  }, [phase]);

  useEffect(() => {
    if (phase !== "over") return;
    const previous = readBest(mode);
    const isNew = state.score > previous;
    if (isNew) writeBest(mode, state.score);
    setBest({ score: Math.max(previous, state.score), isNew });
    document.getElementById(RESTART_ID)?.focus();
  }, [phase, mode, state.score]);

  const start = (nextMode: GameMode) => {
    setBest(undefined);
    dispatch({ type: "start", mode: nextMode, seed: Date.now() });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === "Enter") {
      event.preventDefault();
      dispatch({ type: "submit" });
    } else if (event.key === "Escape") {
      event.preventDefault();
      dispatch({ type: "skip" });
    }
  };

  const seconds = Math.ceil(remainingMs(state) / 1000);
  const typedKorean = HANGUL.test(state.typed);
  const announcement =
    phase === "playing"
      ? `${state.last === "hit" ? "정답! " : state.last === "skip" ? "건너뜀. " : ""}입력할 명령어: ${state.target}`
      : phase === "over"
        ? `끝! ${state.score}점, 명령어 ${state.solved}개를 입력했습니다.`
        : "";

  return (
    <div className={styles.game}>
      <div className={styles.window}>
        <div className={styles.titleBar} aria-hidden="true">
          <span />
          <span />
          <span />
          <p className={styles.windowTitle}>command-rush — bash</p>
        </div>

        <dl className={styles.stats}>
          <div>
            <dt>점수</dt>
            <dd data-testid="score">{state.score}</dd>
          </div>
          <div>
            <dt>연속</dt>
            <dd>{state.streak}</dd>
          </div>
          <div>
            <dt>{mode === "timed" ? "남은 시간" : "입력"}</dt>
            <dd>
              {mode === "timed" ? (
                <>
                  {phase === "ready" ? ROUND_MS / 1000 : seconds}
                  <span className={styles.unit}>초</span>
                </>
              ) : (
                `${state.solved} / ${PRACTICE_COMMANDS}`
              )}
            </dd>
          </div>
        </dl>

        {mode === "timed" && phase === "playing" && (
          <div className={styles.timeBar} aria-hidden="true">
            <span style={{ transform: `scaleX(${remainingMs(state) / ROUND_MS})` }} />
          </div>
        )}

        <div className={styles.screen}>
          {phase === "playing" && (
            <>
              <p className={styles.prompt} data-last={state.last}>
                <span className={styles.promptSign} aria-hidden="true">
                  $
                </span>
                <span className="visually-hidden">입력할 명령어: </span>
                <span className="visually-hidden" data-testid="target">
                  {state.target}
                </span>
                <span className={styles.target} aria-hidden="true">
                  {[...state.target].map((char, index) => {
                    const typed = state.typed[index];
                    const status = typed === undefined ? "pending" : typed === char ? "right" : "wrong";
                    return (
                      // biome-ignore lint/suspicious/noArrayIndexKey: characters of a fixed string
                      <span key={index} data-status={status}>
                        {char}
                      </span>
                    );
                  })}
                </span>
              </p>
              <label className={styles.inputLabel} htmlFor="command-input">
                명령어 입력
                <span className={styles.keys}>Enter 확인 · Esc 건너뛰기</span>
              </label>
              <input
                ref={input}
                id="command-input"
                className={styles.input}
                value={state.typed}
                onChange={(event) => dispatch({ type: "input", value: event.target.value })}
                onKeyDown={onKeyDown}
                autoComplete="off"
                autoCorrect="off"
                autoCapitalize="none"
                spellCheck={false}
                enterKeyHint="done"
                lang="en"
                aria-describedby={typedKorean ? "command-hint" : undefined}
                aria-invalid={state.last === "miss" || undefined}
              />
              {typedKorean ? (
                <p id="command-hint" className={styles.hint}>
                  한글이 입력되고 있어요. 한/영 키를 눌러 영문으로 바꿔 주세요.
                </p>
              ) : (
                state.last === "miss" && <p className={styles.hint}>명령어와 달라요. 빨간 글자를 고쳐 보세요.</p>
              )}
              <div className={styles.playActions}>
                <Button variant="ghost" size="sm" onClick={() => dispatch({ type: "skip" })}>
                  건너뛰기
                </Button>
              </div>
            </>
          )}

          {phase === "ready" && (
            <div className={styles.intro}>
              <p className={styles.introLine}>
                <span className={styles.promptSign}>$</span> ./command-rush --start
              </p>
              <p>
                화면에 나온 명령어를 그대로 입력하세요. 다 맞게 치면 바로 다음 명령어가 나오고, 연속으로 맞힐수록 점수가
                크게 오릅니다.
              </p>
            </div>
          )}

          {phase === "over" && (
            <div className={styles.result}>
              <p className={styles.resultTitle}>
                <span className={styles.promptSign}>$</span> exit 0
              </p>
              <p className={styles.finalScore}>
                <span data-testid="final-score">{state.score}</span>점
                {best?.isNew && state.score > 0 && <span className={styles.record}>최고 기록!</span>}
              </p>
              <dl className={styles.summary}>
                <div>
                  <dt>입력한 명령어</dt>
                  <dd>{state.solved}개</dd>
                </div>
                <div>
                  <dt>최대 연속</dt>
                  <dd>{state.bestStreak}번</dd>
                </div>
                <div>
                  <dt>정확도</dt>
                  <dd>{accuracy(state)}%</dd>
                </div>
                <div>
                  <dt>분당 타수</dt>
                  <dd>{charactersPerMinute(state)}타</dd>
                </div>
                {best && (
                  <div>
                    <dt>이 기기의 최고 기록</dt>
                    <dd>{best.score}점</dd>
                  </div>
                )}
              </dl>
            </div>
          )}
        </div>

        <p className="visually-hidden" role="status" aria-live="polite">
          {announcement}
        </p>
      </div>

      <div className={styles.controls}>
        {phase === "over" ? (
          <Button id={RESTART_ID} size="lg" onClick={() => start(mode)}>
            <RestartIcon size={18} />
            다시 하기
          </Button>
        ) : (
          <Button size="lg" onClick={() => start("timed")} disabled={!hydrated}>
            <PlayIcon size={18} />
            {phase === "playing" && mode === "timed" ? "처음부터" : `${ROUND_MS / 1000}초 도전`}
          </Button>
        )}
        <Button variant="secondary" size="lg" onClick={() => start("practice")} disabled={!hydrated}>
          연습 모드 (시간 제한 없이 {PRACTICE_COMMANDS}개)
        </Button>
      </div>
      <noscript>
        <p className={styles.noscript}>이 게임을 하려면 브라우저에서 JavaScript를 켜 주세요.</p>
      </noscript>
    </div>
  );
}
