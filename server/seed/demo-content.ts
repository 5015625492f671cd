import type { ArtworkStyle } from "./artwork.ts";

/**
 * The fictional club a fresh installation shows. Dates are relative to the day of seeding so the
 * calendar and the recruiting schedule always look current.
 */

export interface DemoImage {
  style: ArtworkStyle;
  palette: number;
  alt: string;
}

export const heroImages: DemoImage[] = [
  { style: "code", palette: 0, alt: "어두운 편집기 화면에 색색의 코드 줄이 이어진 모습" },
  { style: "circuit", palette: 4, alt: "회로 기판처럼 이어진 선과 접점" },
  { style: "orbits", palette: 2, alt: "여러 궤도를 도는 작은 행성들" },
  { style: "blocks", palette: 3, alt: "따뜻한 색의 블록이 격자로 쌓인 모습" },
];

export const homeText = {
  intro:
    "KERNEL은 1973년 새솔대학교 전산실 한쪽에서 천공 카드를 나눠 쓰던 학생들이 만든 중앙 컴퓨터 동아리입니다. 반세기가 지난 지금도 우리는 같은 일을 합니다. 함께 코드를 쓰고, 서로의 코드를 읽고, 어제보다 조금 더 어려운 문제에 도전합니다. 전공도 학년도 실력도 다른 부원들이 스터디와 세션, 프로젝트로 한 학기를 함께 보냅니다.",
  video: { youtubeId: "aqz-KE-bpKQ", title: "KERNEL 소개 영상" },
  slogans: [
    {
      title: "Code",
      description: "읽고 쓰는 만큼 늡니다. 매주 스터디와 세션에서 직접 코드를 쓰고 서로 리뷰합니다.",
    },
    {
      title: "Communicate",
      description: "혼자 막히는 문제도 함께라면 풀립니다. 질문을 환영하고, 배운 것은 나눕니다.",
    },
    {
      title: "Challenge",
      description: "해커톤, 게임잼, 대회. 한 학기에 한 번은 내 한계를 조금 넘어 보는 경험을 합니다.",
    },
  ],
  events: [
    {
      title: "새내기 코딩 대회",
      summary:
        "신입 부원을 위한 첫 대회입니다. 입문자도 풀 수 있는 문제부터 선배들도 고민하는 문제까지, 선배 멘토와 함께 두 시간 동안 풉니다.",
      duration: "3월 · 하루",
      image: {
        style: "code",
        palette: 5,
        alt: "밝은 배경에 짧은 코드 줄이 놓인 그림",
      } as DemoImage,
    },
    {
      title: "KERNEL 게임잼",
      summary:
        "주제를 받고 1박 2일 동안 팀별로 게임 하나를 완성합니다. 기획, 그래픽, 사운드까지 모두 직접 만들고 마지막 날 함께 플레이합니다.",
      duration: "1박 2일",
      image: { style: "blocks", palette: 1, alt: "보라색 배경 위의 게임 블록들" } as DemoImage,
    },
    {
      title: "KERNEL 해커톤",
      summary:
        "학기마다 열리는 이틀간의 해커톤입니다. 캠퍼스의 불편함을 해결하는 서비스를 기획하고 밤새 만들어 발표합니다.",
      duration: "1박 2일",
      image: { style: "circuit", palette: 0, alt: "파란 회로 패턴" } as DemoImage,
    },
  ],
  recruiting: {
    intro:
      "KERNEL은 매 학기 신입 부원을 모집합니다. 1학기는 2~3월, 2학기는 8~9월쯤 모집하며, 정확한 일정은 동아리 인스타그램과 페이스북, 이 홈페이지, 그리고 교내 커뮤니티 앱에 공지합니다.",
    wanted: [
      "프로그래밍을 처음 배우지만 끝까지 해 보고 싶은 분",
      "혼자 공부하다 막혀서 함께할 사람을 찾는 분",
      "만들고 싶은 서비스나 게임이 있는 분",
      "배운 것을 다른 사람에게 나누는 걸 좋아하는 분",
    ],
    sessionsPerSemester: 20,
  },
};

export const leaders = [
  { name: "김도윤", phoneNumber: "010-4821-7730" },
  { name: "이서진", phoneNumber: "010-3392-1057" },
  { name: "박하은", phoneNumber: "010-7710-2284" },
];

export interface DemoArticle {
  title: string;
  tag: string;
  /** Negative for an article scheduled that many days after the seed runs. */
  daysAgo: number;
  /** Published unless said otherwise. */
  status?: "draft" | "scheduled";
  paragraphs: string[];
  images: DemoImage[];
}

export const articles: DemoArticle[] = [
  {
    title: "2026 가을 해커톤 ‘밤샘 캠퍼스’ 후기",
    tag: "행사",
    daysAgo: 12,
    paragraphs: [
      "11월 첫 주말, 학생회관 3층 세미나실에서 2026 가을 해커톤 ‘밤샘 캠퍼스’가 열렸습니다. 열두 팀, 마흔여덟 명이 참가해 캠퍼스의 작은 불편함을 해결하는 서비스를 이틀 동안 만들었습니다.",
      "대상은 도서관 열람실 빈자리를 실시간으로 알려 주는 ‘자리있냥’ 팀이 받았습니다. 열람실 입구의 공개 좌석 현황을 주기적으로 읽어 알림을 보내는 구조로, 발표 직후 다른 팀들이 먼저 써 보고 싶다고 할 만큼 반응이 좋았습니다.",
      "밤새 자리를 지켜 준 운영진과 멘토 선배들, 야식을 후원해 주신 졸업생 선배님들께 감사드립니다. 봄 해커톤에서 다시 만나요!",
    ],
    images: [
      { style: "circuit", palette: 0, alt: "해커톤 현장을 표현한 회로 그림" },
      { style: "code", palette: 4, alt: "밤새 쓴 코드를 표현한 그림" },
    ],
  },
  {
    title: "알고리즘 스터디 가을 학기 수료",
    tag: "스터디",
    daysAgo: 20,
    paragraphs: [
      "9월부터 매주 목요일 저녁에 모인 알고리즘 스터디가 열 번째 모임을 끝으로 가을 학기를 마쳤습니다. 그래프 탐색부터 동적 계획법, 세그먼트 트리까지 모두 120문제를 함께 풀었습니다.",
      "처음에는 브론즈 문제도 버거워하던 새내기 부원이 마지막 주에는 골드 문제 풀이를 직접 발표했습니다. 스터디장은 “서로 코드를 읽어 주는 시간이 가장 큰 공부였다”고 전했습니다.",
    ],
    images: [{ style: "blocks", palette: 0, alt: "알고리즘 스터디를 표현한 블록 그림" }],
  },
  {
    title: "교내 SW 경진대회 최우수상 수상",
    tag: "수상",
    daysAgo: 34,
    paragraphs: [
      "KERNEL 부원 네 명으로 꾸려진 ‘세미콜론’ 팀이 새솔대학교 SW 경진대회에서 최우수상을 받았습니다. 팀은 시각 장애 학생을 위한 강의 자료 음성 안내 서비스를 만들었습니다.",
      "팀장 정우현 부원은 “동아리 세션에서 배운 웹 접근성 내용이 아이디어의 출발점이었다”며 함께해 준 선배들에게 고마움을 전했습니다.",
    ],
    images: [
      { style: "orbits", palette: 3, alt: "수상을 축하하는 궤도 그림" },
      { style: "waves", palette: 1, alt: "물결 무늬 그림" },
    ],
  },
  {
    title: "2학기 정기 세션 시간표 안내",
    tag: "공지",
    daysAgo: 70,
    paragraphs: [
      "2학기 정기 세션은 매주 화요일과 목요일 오후 7시에 학생회관 307호에서 열립니다. 화요일은 웹·앱 개발 트랙, 목요일은 알고리즘과 CS 기초 트랙입니다.",
      "세션 자료와 녹화본은 학습 관리 사이트에 올라갑니다. 처음 오시는 분은 노트북만 챙겨 오시면 됩니다.",
    ],
    images: [{ style: "code", palette: 2, alt: "세션 자료를 표현한 코드 그림" }],
  },
  {
    title: "졸업생 초청 세미나 ‘첫 직장에서 배운 것들’",
    tag: "세미나",
    daysAgo: 48,
    paragraphs: [
      "2015학번 최민석 선배님을 모시고 졸업생 초청 세미나를 열었습니다. 스타트업과 대기업을 모두 경험한 선배님이 코드 리뷰 문화, 장애 대응, 그리고 신입 개발자가 처음 석 달 동안 해야 할 일을 솔직하게 들려주셨습니다.",
      "질의응답 시간에는 포트폴리오와 인턴 준비에 관한 질문이 쏟아졌습니다. 발표 자료는 학습 관리 사이트에서 볼 수 있습니다.",
    ],
    images: [{ style: "waves", palette: 4, alt: "세미나를 표현한 물결 그림" }],
  },
  {
    title: "여름 게임잼 ‘48시간의 픽셀’ 결과 발표",
    tag: "행사",
    daysAgo: 110,
    paragraphs: [
      "올여름 게임잼의 주제는 ‘되감기’였습니다. 여덟 팀이 1박 2일 동안 시간을 되돌리는 퍼즐, 리듬 게임, 로그라이크 등 개성 있는 게임을 완성했습니다.",
      "관객 투표 1위는 고양이가 시간을 거슬러 떨어진 컵을 되돌리는 퍼즐 게임 ‘컵을 지켜라’가 차지했습니다. 모든 출품작은 동아리 깃허브에서 직접 해 볼 수 있습니다.",
    ],
    images: [
      { style: "blocks", palette: 1, alt: "게임잼을 표현한 픽셀 블록" },
      { style: "blocks", palette: 3, alt: "또 다른 픽셀 블록 그림" },
      { style: "orbits", palette: 1, alt: "보라색 궤도 그림" },
    ],
  },
  {
    title: "리눅스 서버 관리 스터디 모집",
    tag: "스터디",
    daysAgo: 90,
    paragraphs: [
      "동아리 서버를 직접 관리하며 리눅스를 배우는 스터디를 모집합니다. 사용자와 권한, 패키지 관리, 웹 서버 설정, 백업까지 실제 서버에서 실습합니다.",
      "선수 지식은 필요 없습니다. 터미널 창이 무섭지 않으면 충분합니다.",
    ],
    images: [{ style: "code", palette: 0, alt: "터미널 화면을 표현한 그림" }],
  },
  {
    title: "동아리방 이전 및 개방 시간 안내",
    tag: "공지",
    daysAgo: 150,
    paragraphs: [
      "동아리방이 학생회관 307호로 옮겼습니다. 평일 오전 10시부터 오후 10시까지 부원이라면 누구나 이용할 수 있습니다.",
      "새 동아리방에는 모니터 여섯 대와 공용 노트북 두 대, 그리고 1980년대부터 이어져 온 회지 서가가 있습니다.",
    ],
    images: [{ style: "waves", palette: 5, alt: "밝은 물결 그림" }],
  },
  {
    title: "1학기 새내기 코딩 대회 성황리에 마무리",
    tag: "행사",
    daysAgo: 240,
    paragraphs: [
      "3월 마지막 주 토요일, 새내기 코딩 대회에 신입 부원 서른두 명이 참가했습니다. 여섯 문제 가운데 다섯 문제 이상을 푼 참가자가 일곱 명이나 나와 운영진을 놀라게 했습니다.",
      "대회가 끝난 뒤에는 출제자들이 문제마다 풀이를 설명하는 해설 세션이 이어졌습니다.",
    ],
    images: [{ style: "code", palette: 5, alt: "대회 문제를 표현한 코드 그림" }],
  },
  {
    title: "오픈소스 기여 세션: 첫 풀 리퀘스트 보내기",
    tag: "세미나",
    daysAgo: 200,
    paragraphs: [
      "깃과 깃허브를 처음 쓰는 부원을 위해 오픈소스 기여 세션을 열었습니다. 포크, 브랜치, 커밋 메시지 쓰는 법부터 실제 프로젝트에 문서 수정 풀 리퀘스트를 보내는 것까지 함께 해 보았습니다.",
      "세션이 끝날 때까지 열다섯 명이 첫 풀 리퀘스트를 보냈고, 그중 여섯 개가 바로 병합되었습니다.",
    ],
    images: [{ style: "circuit", palette: 2, alt: "초록 회로 그림" }],
  },
  {
    title: "KERNEL 50+3주년 홈커밍 데이",
    tag: "행사",
    daysAgo: 300,
    paragraphs: [
      "창립 53주년을 맞아 졸업생과 재학생이 함께하는 홈커밍 데이를 열었습니다. 1970년대 천공 카드 시절 이야기부터 지금의 해커톤 이야기까지, 세대를 넘는 대화가 이어졌습니다.",
      "창립 멤버 선배님이 기증해 주신 1970년대 회지 원본은 동아리방 서가에 보관합니다.",
    ],
    images: [
      { style: "orbits", palette: 0, alt: "홈커밍 데이를 표현한 궤도 그림" },
      { style: "waves", palette: 3, alt: "따뜻한 물결 그림" },
    ],
  },
  {
    title: "웹 접근성 스터디 결과 공유",
    tag: "스터디",
    daysAgo: 130,
    paragraphs: [
      "여섯 주 동안 진행한 웹 접근성 스터디의 결과를 공유합니다. 스크린 리더로 동아리 홈페이지를 직접 써 보며 찾은 문제 열네 가지를 정리하고, 그중 열한 가지를 고쳤습니다.",
      "키보드만으로 모든 메뉴를 쓸 수 있는지, 이미지에 대체 텍스트가 있는지 확인하는 체크리스트도 만들었습니다.",
    ],
    images: [{ style: "blocks", palette: 2, alt: "초록 블록 그림" }],
  },
  {
    title: "2027 신입 부원 모집 안내 (초안)",
    tag: "공지",
    daysAgo: 1,
    status: "draft",
    paragraphs: [
      "2027학년도 신입 부원을 모집합니다. 일정과 면접 방식은 운영진 회의에서 확정한 뒤 채워 넣을 예정입니다.",
      "프로그래밍 경험이 없어도 괜찮습니다. 함께 배우고 싶은 마음만 있으면 누구든 환영합니다.",
    ],
    images: [],
  },
  {
    title: "겨울방학 알고리즘 캠프 참가 신청",
    tag: "스터디",
    daysAgo: -7,
    status: "scheduled",
    paragraphs: [
      "겨울방학 동안 매주 화요일과 목요일 저녁에 알고리즘 캠프를 엽니다. 기초반과 심화반으로 나누어 진행합니다.",
      "신청은 동아리방 게시판의 신청서나 운영진에게 직접 하면 됩니다.",
    ],
    images: [],
  },
];

/** The demo articles visitors see once the seed has run (drafts and scheduled ones left out). */
export const publishedDemoArticles = articles.filter((article) => article.status === undefined);

export const periods: {
  name: string;
  projects: { title: string; description: string; leader: string }[];
  sessions: { title: string; description: string; leader: string }[];
  studies: { title: string; description: string; leader: string }[];
}[] = [
  {
    name: "2025-2학기",
    projects: [
      {
        title: "동아리 출석 체크 앱",
        description: "QR 코드로 세션 출석을 기록하는 모바일 앱",
        leader: "정우현",
      },
      {
        title: "학식 메뉴 알리미",
        description: "매일 아침 학생식당 메뉴를 메신저로 보내 주는 봇",
        leader: "한지민",
      },
    ],
    sessions: [
      { title: "파이썬 기초", description: "변수부터 파일 입출력까지 8주 과정", leader: "이서진" },
      {
        title: "HTML·CSS로 만드는 첫 웹페이지",
        description: "자기소개 페이지를 만들어 배포하기",
        leader: "박하은",
      },
      { title: "Git 첫걸음", description: "커밋, 브랜치, 풀 리퀘스트", leader: "김도윤" },
    ],
    studies: [
      {
        title: "알고리즘 기초 스터디",
        description: "주 2회 문제 풀이와 코드 리뷰",
        leader: "오세린",
      },
      {
        title: "자료구조 읽기 모임",
        description: "교재 한 장씩 읽고 직접 구현하기",
        leader: "강민호",
      },
    ],
  },
  {
    name: "2026-1학기",
    projects: [
      {
        title: "강의실 빈자리 지도",
        description: "시간표 데이터로 빈 강의실을 찾아 주는 웹 서비스",
        leader: "한지민",
      },
      {
        title: "KERNEL 디스코드 봇",
        description: "스터디 일정 알림과 출석을 관리하는 봇",
        leader: "윤태오",
      },
      {
        title: "회지 아카이브 디지털화",
        description: "1970~90년대 회지를 스캔해 검색 가능하게 만들기",
        leader: "김도윤",
      },
    ],
    sessions: [
      {
        title: "자바스크립트와 DOM",
        description: "브라우저에서 동작하는 작은 게임 만들기",
        leader: "박하은",
      },
      {
        title: "C 언어 포인터 완전 정복",
        description: "메모리 그림을 그리며 이해하는 포인터",
        leader: "강민호",
      },
      {
        title: "리눅스 명령어 실습",
        description: "동아리 서버에서 직접 해 보는 쉘",
        leader: "이서진",
      },
      {
        title: "SQL 기초",
        description: "SELECT부터 JOIN까지, 실제 데이터로 연습",
        leader: "오세린",
      },
    ],
    studies: [
      {
        title: "알고리즘 중급 스터디",
        description: "그래프, 동적 계획법, 이분 탐색",
        leader: "오세린",
      },
      {
        title: "React 스터디",
        description: "공식 문서를 읽으며 할 일 앱 만들기",
        leader: "윤태오",
      },
      { title: "운영체제 읽기 모임", description: "프로세스와 스레드, 스케줄링", leader: "정우현" },
    ],
  },
  {
    name: "2026-2학기",
    projects: [
      {
        title: "자리있냥",
        description: "도서관 열람실 빈자리 알림 서비스 (가을 해커톤 대상)",
        leader: "정우현",
      },
      {
        title: "KERNEL 홈페이지 개편",
        description: "서버 렌더링과 관리자 기능을 갖춘 새 홈페이지",
        leader: "김도윤",
      },
    ],
    sessions: [
      {
        title: "웹 개발 트랙: 서버와 데이터베이스",
        description: "Node.js와 SQL로 만드는 게시판",
        leader: "박하은",
      },
      {
        title: "CS 기초 트랙: 네트워크",
        description: "브라우저 주소창에 주소를 치면 일어나는 일",
        leader: "이서진",
      },
      { title: "웹 접근성 입문", description: "스크린 리더로 써 보는 웹", leader: "한지민" },
      { title: "게임 개발 입문", description: "게임잼 전에 배우는 2D 게임 엔진", leader: "윤태오" },
    ],
    studies: [
      { title: "알고리즘 스터디", description: "120문제 완주 목표", leader: "오세린" },
      {
        title: "리눅스 서버 관리 스터디",
        description: "동아리 서버를 직접 운영하며 배우기",
        leader: "강민호",
      },
      { title: "코딩 테스트 대비반", description: "실전 모의고사와 풀이 발표", leader: "정우현" },
    ],
  },
];

export const mainActivities: {
  year: number;
  items: { title: string; description: string; image: DemoImage }[];
}[] = [
  {
    year: 2024,
    items: [
      {
        title: "봄 해커톤 ‘캠퍼스 해결사’",
        description: "열 팀이 참가해 캠퍼스 생활의 불편을 해결하는 서비스를 만들었습니다.",
        image: { style: "circuit", palette: 4, alt: "청록색 회로 그림" },
      },
      {
        title: "여름 게임잼",
        description: "‘중력’을 주제로 1박 2일 동안 일곱 개의 게임이 탄생했습니다.",
        image: { style: "blocks", palette: 1, alt: "게임잼 블록 그림" },
      },
      {
        title: "정기 세미나 시리즈",
        description: "한 학기 동안 여덟 번의 세미나로 최신 기술을 함께 살펴봤습니다.",
        image: { style: "waves", palette: 2, alt: "초록 물결 그림" },
      },
    ],
  },
  {
    year: 2025,
    items: [
      {
        title: "새내기 코딩 대회",
        description: "신입 부원 스물여덟 명이 첫 대회를 치렀습니다.",
        image: { style: "code", palette: 5, alt: "밝은 코드 그림" },
      },
      {
        title: "가을 해커톤 ‘밤을 잊은 개발자’",
        description: "지역 스타트업 멘토와 함께한 해커톤, 열한 팀 참가.",
        image: { style: "circuit", palette: 0, alt: "파란 회로 그림" },
      },
      {
        title: "오픈소스 기여 주간",
        description: "일주일 동안 부원 스무 명이 첫 풀 리퀘스트를 보냈습니다.",
        image: { style: "orbits", palette: 2, alt: "초록 궤도 그림" },
      },
      {
        title: "연말 프로젝트 전시회",
        description: "한 해 동안 만든 프로젝트 열두 개를 학생회관 로비에 전시했습니다.",
        image: { style: "blocks", palette: 3, alt: "전시회를 표현한 블록" },
      },
    ],
  },
  {
    year: 2026,
    items: [
      {
        title: "창립 53주년 홈커밍 데이",
        description: "졸업생과 재학생 백여 명이 모여 반세기의 이야기를 나눴습니다.",
        image: { style: "orbits", palette: 0, alt: "홈커밍 궤도 그림" },
      },
      {
        title: "여름 게임잼 ‘48시간의 픽셀’",
        description: "주제 ‘되감기’, 여덟 팀의 게임이 모두 완성되었습니다.",
        image: { style: "blocks", palette: 1, alt: "픽셀 게임 그림" },
      },
      {
        title: "가을 해커톤 ‘밤샘 캠퍼스’",
        description: "열두 팀, 마흔여덟 명. 대상은 열람실 빈자리 알림 서비스.",
        image: { style: "code", palette: 4, alt: "해커톤 코드 그림" },
      },
    ],
  },
];

export const odaehoIssues: {
  title: string;
  description: string;
  publishedAt: string;
  palette: number;
  style: ArtworkStyle;
}[] = [
  {
    title: "오대호 2022",
    description: "코로나 이후 다시 모인 한 해의 기록",
    publishedAt: "2022-12-20",
    palette: 4,
    style: "waves",
  },
  {
    title: "오대호 2023",
    description: "50주년 특별호: 1973년부터 지금까지",
    publishedAt: "2023-12-18",
    palette: 3,
    style: "orbits",
  },
  {
    title: "오대호 2024",
    description: "해커톤과 게임잼, 그리고 처음 만든 앱들",
    publishedAt: "2024-12-16",
    palette: 2,
    style: "circuit",
  },
  {
    title: "오대호 2025",
    description: "부원 인터뷰와 스터디 회고 모음",
    publishedAt: "2025-12-15",
    palette: 1,
    style: "blocks",
  },
  {
    title: "오대호 2026",
    description: "새 홈페이지와 가을 해커톤 이야기",
    publishedAt: "2026-11-20",
    palette: 0,
    style: "code",
  },
];

export const feedItems: { caption: string; daysAgo: number; image: DemoImage }[] = [
  {
    caption: "해커톤 둘째 날 새벽 4시, 아직 모두 깨어 있습니다 ☕",
    daysAgo: 14,
    image: { style: "code", palette: 4, alt: "새벽 해커톤" },
  },
  {
    caption: "가을 해커톤 시상식! 모두 수고 많으셨어요",
    daysAgo: 13,
    image: { style: "orbits", palette: 3, alt: "시상식" },
  },
  {
    caption: "알고리즘 스터디 마지막 모임 기념 사진",
    daysAgo: 20,
    image: { style: "blocks", palette: 0, alt: "스터디 모임" },
  },
  {
    caption: "졸업생 세미나: 첫 직장에서 배운 것들",
    daysAgo: 48,
    image: { style: "waves", palette: 4, alt: "세미나" },
  },
  {
    caption: "동아리방 서가에 1978년 회지가 돌아왔습니다",
    daysAgo: 60,
    image: { style: "waves", palette: 3, alt: "오래된 회지" },
  },
  {
    caption: "2학기 개강 총회, 새 얼굴이 가득!",
    daysAgo: 80,
    image: { style: "circuit", palette: 5, alt: "개강 총회" },
  },
  {
    caption: "게임잼 관객 투표 1위 ‘컵을 지켜라’",
    daysAgo: 110,
    image: { style: "blocks", palette: 1, alt: "게임잼 1위" },
  },
  {
    caption: "여름 MT, 계곡에서 코딩 없는 하루",
    daysAgo: 130,
    image: { style: "waves", palette: 2, alt: "여름 MT" },
  },
  {
    caption: "새내기 코딩 대회 현장",
    daysAgo: 240,
    image: { style: "code", palette: 5, alt: "코딩 대회" },
  },
];

export const organization: {
  title: string;
  description: string;
  members: { name: string; role: string }[];
}[] = [
  {
    title: "회장단",
    description: "동아리 운영 전반과 대외 협력을 맡습니다.",
    members: [
      { name: "김도윤", role: "회장" },
      { name: "이서진", role: "부회장" },
      { name: "박하은", role: "부회장" },
    ],
  },
  {
    title: "교육부",
    description: "세션과 스터디를 기획하고 신입 부원의 첫 학기를 돕습니다.",
    members: [
      { name: "오세린", role: "교육부장" },
      { name: "강민호", role: "교육부원" },
      { name: "윤태오", role: "교육부원" },
    ],
  },
  {
    title: "기획부",
    description: "해커톤, 게임잼, 새내기 코딩 대회 같은 행사를 준비합니다.",
    members: [
      { name: "정우현", role: "기획부장" },
      { name: "한지민", role: "기획부원" },
      { name: "서예린", role: "기획부원" },
    ],
  },
  {
    title: "홍보부",
    description: "소셜 미디어와 홈페이지, 연간 회지 오대호를 만듭니다.",
    members: [
      { name: "최유나", role: "홍보부장" },
      { name: "문지호", role: "홍보부원" },
    ],
  },
  {
    title: "인프라부",
    description: "동아리 서버와 홈페이지, 공용 장비를 관리합니다.",
    members: [
      { name: "장현우", role: "인프라부장" },
      { name: "송다인", role: "인프라부원" },
    ],
  },
];

export const calendarEvents: {
  title: string;
  /** Days from the seeding day; negative is in the past. */
  dayOffset: number;
  days?: number;
  time?: [string, string];
  location: string;
  description: string;
}[] = [
  {
    title: "정기 세션: 웹 개발 트랙",
    dayOffset: -9,
    time: ["19:00", "21:00"],
    location: "학생회관 307호",
    description: "Node.js와 SQL로 만드는 게시판, 5주차",
  },
  {
    title: "정기 세션: CS 기초 트랙",
    dayOffset: -7,
    time: ["19:00", "21:00"],
    location: "학생회관 307호",
    description: "네트워크: HTTP와 TLS",
  },
  {
    title: "알고리즘 스터디",
    dayOffset: -3,
    time: ["18:30", "20:30"],
    location: "공학관 402호",
    description: "세그먼트 트리",
  },
  {
    title: "정기 세션: 웹 개발 트랙",
    dayOffset: 1,
    time: ["19:00", "21:00"],
    location: "학생회관 307호",
    description: "Node.js와 SQL로 만드는 게시판, 6주차",
  },
  {
    title: "오대호 2026 배포",
    dayOffset: 3,
    days: 1,
    location: "동아리방",
    description: "올해 회지를 동아리방에서 나눠 드립니다.",
  },
  {
    title: "정기 세션: CS 기초 트랙",
    dayOffset: 3,
    time: ["19:00", "21:00"],
    location: "학생회관 307호",
    description: "네트워크: DNS와 캐시",
  },
  {
    title: "코딩 테스트 모의고사",
    dayOffset: 6,
    time: ["13:00", "16:00"],
    location: "공학관 컴퓨터실",
    description: "실전과 같은 조건으로 세 문제",
  },
  {
    title: "졸업생 멘토링 데이",
    dayOffset: 10,
    time: ["18:00", "21:00"],
    location: "학생회관 세미나실",
    description: "진로와 취업에 관한 소모임 멘토링",
  },
  {
    title: "기말고사 기간 (세션 쉼)",
    dayOffset: 18,
    days: 12,
    location: "",
    description: "시험 기간에는 정기 세션을 쉽니다.",
  },
  {
    title: "종강 총회",
    dayOffset: 33,
    time: ["18:00", "21:00"],
    location: "학생회관 대강당",
    description: "한 학기 결산과 다음 학기 운영진 소개",
  },
  {
    title: "겨울 게임잼",
    dayOffset: 45,
    days: 2,
    location: "학생회관 3층",
    description: "1박 2일 게임잼, 주제는 당일 공개",
  },
];

export const admission = {
  title: "KERNEL 신입 부원 모집",
  description:
    "전공과 학년에 상관없이 코딩을 함께 배우고 싶은 새솔대학교 학생이라면 누구나 지원할 수 있습니다. 지원서에는 지금까지 해 본 것보다 앞으로 해 보고 싶은 것을 적어 주세요.",
  image: { style: "code", palette: 0, alt: "신입 부원 모집 포스터" } as DemoImage,
  faqs: [
    {
      question: "프로그래밍을 전혀 몰라도 지원할 수 있나요?",
      answer: "네. 부원의 절반 이상이 입문자로 시작했습니다. 첫 학기에는 파이썬 기초 세션과 선배 멘토가 함께합니다.",
    },
    {
      question: "회비가 있나요?",
      answer:
        "한 학기 회비는 2만 원이며, 세션 자료와 행사 간식, 동아리 서버 운영에 씁니다. 회비 사용 내역은 학기 말 총회에서 공개합니다.",
    },
    {
      question: "활동은 일주일에 얼마나 하나요?",
      answer: "정기 세션이 주 1~2회, 스터디는 선택입니다. 시험 기간에는 쉽니다.",
    },
    {
      question: "다른 동아리와 함께 해도 되나요?",
      answer: "물론입니다. 출석보다 꾸준함을 중요하게 생각합니다.",
    },
    {
      question: "면접은 어떻게 진행되나요?",
      answer: "운영진과 15분 정도 편하게 이야기하는 자리입니다. 코딩 시험은 없습니다.",
    },
  ],
};

export const rulesText = {
  chapters: [
    {
      title: "제1장 총칙",
      articles: [
        "제1조(명칭) 본 동아리의 이름은 KERNEL이라 한다.",
        "제2조(목적) 본 동아리는 컴퓨터와 프로그래밍에 관심 있는 학생들이 함께 배우고 나누며 성장하는 것을 목적으로 한다.",
        "제3조(소재) 본 동아리의 사무실은 새솔대학교 학생회관 307호에 둔다.",
      ],
    },
    {
      title: "제2장 회원",
      articles: [
        "제4조(자격) 새솔대학교 재학생과 휴학생은 누구나 회원이 될 수 있다.",
        "제5조(가입) 회원 가입은 매 학기 모집 기간에 지원서를 제출하고 운영진 면담을 거쳐 확정한다.",
        "제6조(의무) 회원은 회칙을 지키고 학기 회비를 납부하며 정기 총회에 참석한다.",
      ],
    },
    {
      title: "제3장 임원",
      articles: [
        "제7조(구성) 본 동아리에는 회장 1인, 부회장 1~2인과 각 부서장을 둔다.",
        "제8조(선출) 회장과 부회장은 종강 총회에서 회원 과반수의 찬성으로 선출한다.",
        "제9조(임기) 임원의 임기는 1년으로 하며 연임할 수 있다.",
      ],
    },
    {
      title: "제4장 재정",
      articles: [
        "제10조(재원) 동아리의 재원은 회비, 학교 지원금, 후원금으로 한다.",
        "제11조(공개) 회계 담당자는 학기마다 수입과 지출 내역을 총회에 보고하고 공개한다.",
      ],
    },
  ],
  feeRules: [
    "제1조(회비) 학기 회비는 2만 원으로 하며, 총회 의결로 바꿀 수 있다.",
    "제2조(사용) 회비는 세션 자료, 행사 운영, 동아리 서버와 장비 유지에 쓴다.",
    "제3조(환급) 학기 시작 후 4주 이내에 탈퇴하는 회원에게는 회비의 절반을 돌려준다.",
  ],
};
