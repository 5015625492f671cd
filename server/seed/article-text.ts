import { withParticle } from "#shared/korean.ts";

/**
 * Made-up club news for the bulk seed: titles and paragraphs assembled from word lists, so a
 * large database has the common words (행사, 후기, 모집, 해커톤, 스터디), rarer ones and a few
 * Latin words in realistic proportions, and searches have something to find.
 */

type Random = () => number;

const events = [
  "해커톤",
  "게임잼",
  "코딩 대회",
  "세미나",
  "워크숍",
  "개강 총회",
  "종강 총회",
  "엠티",
  "특강",
  "발표회",
  "프로젝트 전시회",
  "멘토링 데이",
  "코드 리뷰 모임",
  "알고리즘 대회",
  "졸업생 초청 강연",
  "신입생 환영회",
];
const topics = [
  "알고리즘",
  "웹 개발",
  "리액트",
  "파이썬",
  "머신러닝",
  "운영체제",
  "네트워크",
  "데이터베이스",
  "정보 보안",
  "컴파일러",
  "모바일 앱",
  "게임 개발",
  "클라우드",
  "리눅스",
  "자료구조",
  "인공지능",
  "임베디드",
  "컴퓨터 그래픽스",
  "분산 시스템",
  "함수형 프로그래밍",
];
const latin = [
  "React",
  "Python",
  "GitHub",
  "Docker",
  "Linux",
  "Rust",
  "TypeScript",
  "Kubernetes",
  "API",
  "CTF",
  "LLM",
  "GPU",
  "Git",
  "Node.js",
  "PostgreSQL",
  "SQLite",
  "WebAssembly",
  "Unity",
  "Arduino",
  "Raspberry Pi",
];
const places = [
  "학생회관 세미나실",
  "공학관 대강의실",
  "동아리방",
  "도서관 강당",
  "창업보육센터",
  "온라인",
  "정보관 실습실",
  "중앙도서관 그룹 스터디룸",
];
const things = [
  "출석 체크 앱",
  "열람실 빈자리 알림 서비스",
  "식단 추천 챗봇",
  "중고 책 장터",
  "리듬 게임",
  "캠퍼스 지도",
  "과제 마감 알리미",
  "동아리 홈페이지",
  "날씨 위젯",
  "퍼즐 게임",
  "코드 채점기",
  "분실물 게시판",
];
const moods = ["뜨거운", "차분한", "유쾌한", "진지한", "화기애애한", "긴장감 넘치는"];
const names = ["김민준", "이서연", "박지호", "최하윤", "정도현", "강수아", "윤시우", "한예린"];
const quotes = [
  "밤을 새운 보람이 있었다",
  "처음 만든 서비스를 누군가 써 준다는 게 신기했다",
  "선배들의 코드 리뷰가 가장 큰 공부였다",
  "다음 학기에도 꼭 참여하고 싶다",
  "혼자였다면 끝까지 못 했을 것이다",
  "생각보다 어려웠지만 그래서 더 재미있었다",
];
const seasons = ["봄", "여름", "가을", "겨울"];
const weekdays = ["월", "화", "수", "목", "금"];
const extraWords = [
  "발표",
  "회고",
  "멘토",
  "간식",
  "상금",
  "심사",
  "배포",
  "디버깅",
  "테스트",
  "설계",
  "리팩터링",
  "문서화",
  "협업",
  "야식",
  "기념품",
  "사진",
  "일정",
  "장소",
  "예산",
  "홍보",
];

function pick<T>(random: Random, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

function between(random: Random, low: number, high: number): number {
  return low + Math.floor(random() * (high - low + 1));
}

interface Kind {
  tag: string;
  weight: number;
  title: (random: Random) => string;
}

const kinds: Kind[] = [
  {
    tag: "행사",
    weight: 26,
    title: (r) => `${between(r, 1976, 2026)} ${pick(r, seasons)} ${pick(r, events)} 후기`,
  },
  {
    tag: "스터디",
    weight: 18,
    title: (r) => `${pick(r, topics)} 스터디 ${between(r, 1, 40)}기 모집`,
  },
  {
    tag: "모집",
    weight: 10,
    title: (r) => `${between(r, 1976, 2026)}학년도 ${between(r, 1, 2)}학기 신입 부원 모집`,
  },
  {
    tag: "세미나",
    weight: 12,
    title: (r) => `${withParticle(pick(r, latin), "으로/로")} 배우는 ${pick(r, topics)} 세미나 안내`,
  },
  {
    tag: "수상",
    weight: 6,
    title: (r) => `${pick(r, events)} ${pick(r, ["대상", "최우수상", "우수상", "장려상"])} 수상 소식`,
  },
  {
    tag: "프로젝트",
    weight: 10,
    title: (r) => `${withParticle(pick(r, latin), "으로/로")} 만든 ${pick(r, things)} 프로젝트 발표`,
  },
  {
    tag: "공지",
    weight: 14,
    title: (r) => `동아리방 소식 ${between(r, 1, 999)}호: ${pick(r, extraWords)} 안내`,
  },
  { tag: "", weight: 4, title: (r) => `${pick(r, names)} 부원의 ${pick(r, topics)} 이야기` },
];
const totalWeight = kinds.reduce((sum, kind) => sum + kind.weight, 0);

function pickKind(random: Random): Kind {
  let roll = random() * totalWeight;
  for (const kind of kinds) {
    roll -= kind.weight;
    if (roll < 0) return kind;
  }
  return kinds[0] as Kind;
}

const sentences: ((r: Random) => string)[] = [
  (r) =>
    `${between(r, 1, 12)}월 ${between(r, 1, 28)}일 ${pick(r, places)}에서 ${withParticle(pick(r, events), "이/가")} 열렸습니다.`,
  (r) =>
    `${between(r, 8, 80)}명의 부원이 ${withParticle(pick(r, topics), "을/를")} 주제로 모여 ${between(r, 2, 12)}시간 동안 함께했습니다.`,
  (r) =>
    `이번 행사에서는 ${withParticle(pick(r, latin), "과/와")} ${withParticle(pick(r, latin), "을/를")} 활용한 ${withParticle(pick(r, things), "을/를")} 만들었습니다.`,
  (r) => `참가자들은 ${pick(r, moods)} 분위기 속에서 ${pick(r, extraWords)}까지 마쳤습니다.`,
  (r) =>
    `다음 ${withParticle(pick(r, events), "은/는")} ${between(r, 1, 12)}월에 열릴 예정이며, 관심 있는 분들의 많은 참여 바랍니다.`,
  (r) => `${pick(r, topics)} 스터디는 매주 ${pick(r, weekdays)}요일 저녁 ${pick(r, places)}에서 모입니다.`,
  (r) => `모집 기간은 ${between(r, 1, 12)}월 ${between(r, 1, 28)}일까지이며, 지원서는 동아리 홈페이지에서 받습니다.`,
  (r) => `후기를 남겨 준 ${pick(r, names)} 부원은 “${pick(r, quotes)}”고 전했습니다.`,
  (r) => `행사를 도와준 졸업생 선배님들과 ${pick(r, extraWords)}을 챙겨 준 운영진에게 감사드립니다.`,
  (r) =>
    `${withParticle(pick(r, extraWords), "과/와")} ${pick(r, extraWords)}에 대한 이야기도 ${pick(r, ["오래", "짧게", "진지하게", "즐겁게"])} 나누었습니다.`,
  (r) => `자세한 내용은 ${pick(r, latin)} 저장소와 동아리 게시판에서 확인할 수 있습니다.`,
  (r) =>
    `처음 ${withParticle(pick(r, latin), "을/를")} 써 본 새내기 부원도 ${pick(r, things)} 데모를 끝까지 완성했습니다.`,
];

/** A title, tag and three to six paragraphs of two to four sentences. */
export function generatedArticle(random: Random): {
  title: string;
  tag: string;
  paragraphs: string[];
} {
  const kind = pickKind(random);
  const paragraphs = Array.from({ length: between(random, 3, 6) }, () =>
    Array.from({ length: between(random, 2, 4) }, () => pick(random, sentences)(random)).join(" "),
  );
  return { title: kind.title(random), tag: kind.tag, paragraphs };
}
