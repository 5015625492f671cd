/**
 * The managers' manual, written once: the admin page (/admin/manual) renders it and the server
 * lays the same text out as a PDF (/manuals/club-admin-manual.pdf). Plain data rather than JSX so
 * both renderers read every word from here; what a block or a run may be is all the markup the
 * manual uses.
 */

/** A piece of running text: plain, or marked as the page marks it. */
export type ManualRun =
  | string
  | { kind: "strong" | "code" | "kbd"; text: string }
  /** `to` is an address in the site ("/admin/…") or an absolute URL. */
  | { kind: "link"; text: string; to: string };

export type ManualText = readonly ManualRun[];

export type ManualBlock =
  | { kind: "paragraph"; text: ManualText }
  | { kind: "subheading"; text: ManualText }
  | { kind: "list"; items: readonly ManualText[] }
  /** Terms and what they mean, as the log's columns are explained. */
  | { kind: "terms"; terms: readonly { term: string; description: ManualText }[] };

export interface ManualChapter {
  /** The chapter's anchor on the admin page (#sign-in). */
  id: string;
  title: string;
  blocks: readonly ManualBlock[];
}

/** The PDF's address: one file today, under the spec's /manuals/{file}. */
export const MANUAL_PDF_FILE = "club-admin-manual.pdf";
export const MANUAL_PDF_PATH = `/manuals/${MANUAL_PDF_FILE}`;

const strong = (text: string): ManualRun => ({ kind: "strong", text });
const code = (text: string): ManualRun => ({ kind: "code", text });
const kbd = (text: string): ManualRun => ({ kind: "kbd", text });
const link = (text: string, to: string): ManualRun => ({ kind: "link", text, to });
const paragraph = (...text: ManualRun[]): ManualBlock => ({ kind: "paragraph", text });
const subheading = (...text: ManualRun[]): ManualBlock => ({ kind: "subheading", text });
const list = (...items: ManualText[]): ManualBlock => ({ kind: "list", items });
const terms = (...entries: [term: string, ...description: ManualRun[]][]): ManualBlock => ({
  kind: "terms",
  terms: entries.map(([term, ...description]) => ({ term, description })),
});

/** The plain text of a run or of running text (headings in a table of contents, the PDF's words). */
export function plainText(text: ManualText): string {
  return text.map((run) => (typeof run === "string" ? run : run.text)).join("");
}

export const manualTitle = "관리자 매뉴얼";
export const manualEyebrow = "도움말";
export const manualIntroduction: ManualText = [
  "홈페이지 관리를 처음 맡은 운영진을 위한 안내입니다. ",
  "로그인부터 콘텐츠 편집, 파일 올리기, 관리 기록 읽는 법까지 차례로 설명합니다.",
];

export const manualChapters: readonly ManualChapter[] = [
  {
    id: "sign-in",
    title: "로그인과 로그아웃",
    blocks: [
      paragraph(
        "관리 화면은 ",
        code("/admin/login"),
        "에서 로그인합니다. ",
        "공개 사이트 메뉴의 ",
        strong("Other sites → 홈페이지 관리 시스템"),
        "을 눌러도 됩니다. ",
        "운영진 계정의 이메일과 비밀번호를 넣고 ",
        strong("로그인"),
        "을 누르면, 가려던 관리 화면이나 대시보드로 이동합니다.",
      ),
      list(
        [
          strong("로그인 상태 유지"),
          "를 선택하면 이 브라우저에서 30일 동안 다시 로그인하지 않아도 됩니다. ",
          "선택하지 않으면 브라우저를 닫을 때 로그인이 끝나고, 닫지 않아도 12시간이 지나면 끝납니다. ",
          "동아리방 컴퓨터처럼 여럿이 쓰는 곳에서는 선택하지 마세요.",
        ],
        [
          "이메일이나 비밀번호가 틀리면 “이메일 또는 비밀번호가 올바르지 않습니다”라고 나옵니다. ",
          "어느 쪽이 틀렸는지는 알려 주지 않습니다. ",
          "계정을 추측하려는 사람에게 힌트를 주지 않기 위해서입니다.",
        ],
        [
          "15분 안에 10번 틀리면 잠시 로그인할 수 없습니다. ",
          "화면에 다시 시도할 수 있는 시각이 나오니, 그때까지 기다린 뒤 다시 시도하세요.",
        ],
        [
          "일을 마치면 관리 메뉴 아래쪽의 ",
          strong("로그아웃"),
          "을 누르세요. ",
          "서버에 남은 로그인 기록이 지워져, 같은 브라우저를 다른 사람이 써도 관리 화면에 들어올 수 없습니다.",
        ],
      ),
    ],
  },
  {
    id: "account",
    title: "비밀번호와 로그인된 곳",
    blocks: [
      paragraph(
        link("비밀번호 변경", "/admin/manage-password"),
        " 화면에서 현재 비밀번호, 새 비밀번호(6자 이상), 새 비밀번호 확인을 차례로 넣고 저장합니다. ",
        "틀린 칸이 있으면 그 칸 바로 아래에 무엇이 잘못됐는지 나옵니다.",
      ),
      list(
        [
          "비밀번호를 바꾸면 지금 쓰는 브라우저를 뺀 다른 모든 곳의 로그인이 끝나고, 몇 곳이 끝났는지 알려 줍니다. ",
          "비밀번호가 새어 나갔을까 걱정될 때 가장 먼저 할 일입니다.",
        ],
        [
          "같은 화면의 ",
          strong("로그인된 곳"),
          " 표에서 이 계정으로 로그인된 곳을 기기(브라우저와 운영체제), 접속 주소, 로그인한 시간과 함께 볼 수 있습니다. ",
          "모르는 곳이 있으면 그 줄의 ",
          strong("종료"),
          "를 눌러 그곳의 로그인만 끝내거나, ",
          strong("다른 로그인 모두 종료"),
          "로 한 번에 끝낼 수 있습니다.",
        ],
        [
          "대시보드의 ",
          strong("최근 거부된 로그인"),
          "에는 지난 7일 동안 비밀번호나 인증 코드가 틀려 거부된 로그인이 어느 계정, 어느 주소였는지 나옵니다. ",
          "모르는 주소에서 내 계정으로 여러 번 시도했다면 비밀번호를 바꾸고 2단계 인증을 켜 두세요.",
        ],
        [
          "비밀번호를 잊었다면 서버를 관리하는 사람에게 재설정을 부탁하세요. ",
          "계정을 새로 만들거나 지우는 일도 서버에서 명령줄 도구(",
          code("npm run admin"),
          ")로 합니다.",
        ],
      ),
    ],
  },
  {
    id: "second-factors",
    title: "패스키와 2단계 인증",
    blocks: [
      paragraph(
        "비밀번호만으로는 비밀번호가 새어 나가면 계정도 넘어갑니다. ",
        link("패스키와 2단계 인증", "/admin/security"),
        " 화면에서 둘 중 하나, 되도록 둘 다 켜 두세요.",
      ),
      subheading("패스키"),
      list(
        [
          "휴대폰이나 노트북에 저장되는 로그인 열쇠입니다. ",
          "기기의 지문·얼굴 인식이나 화면 잠금으로 확인하므로 비밀번호를 입력하지 않고, 이 사이트 주소에서만 쓰이니 가짜 로그인 화면에 속아 넘겨줄 일도 없습니다.",
        ],
        [
          "추가하기: 이름(예: “내 노트북”)을 적고 ",
          strong("이 기기에 패스키 추가"),
          "를 누른 뒤 기기가 묻는 대로 확인합니다. ",
          "기기마다 하나씩 추가할 수 있습니다.",
        ],
        [
          "로그인하기: 로그인 화면에서 ",
          strong("패스키로 로그인"),
          "을 누르고 기기에서 확인합니다. ",
          "이메일과 비밀번호는 필요 없고, 인증 앱 코드도 묻지 않습니다(패스키 자체가 기기와 본인 확인 두 가지를 겸합니다).",
        ],
        [
          "기기를 잃어버렸거나 팔았다면 표에서 그 패스키를 ",
          strong("삭제"),
          "하세요. ",
          "그 기기로는 더 이상 로그인할 수 없습니다.",
        ],
      ),
      subheading("인증 앱(2단계 인증)"),
      list(
        [
          "켜 두면 비밀번호로 로그인할 때 휴대폰 인증 앱(Google Authenticator, Microsoft Authenticator, 1Password 등)에 보이는 6자리 코드를 한 번 더 묻습니다. ",
          "코드는 30초마다 바뀌고, 한 번 쓴 코드는 다시 쓸 수 없습니다.",
        ],
        [
          "켜기: ",
          strong("인증 앱 연결하기"),
          "를 누르고 앱으로 QR 코드를 찍은 다음(찍을 수 없으면 아래 키를 앱에 직접 입력), 앱에 나온 코드를 넣고 ",
          strong("확인하고 켜기"),
          "를 누릅니다.",
        ],
        [
          "켜는 순간 ",
          strong("복구 코드 10개"),
          "가 한 번만 나옵니다. ",
          "적어 두거나 인쇄해 휴대폰과 다른 곳에 보관하세요. ",
          "휴대폰이 없을 때 코드 화면의 ",
          strong("복구 코드로 로그인"),
          "에 하나를 넣으면 되고, 코드마다 한 번만 쓸 수 있습니다. ",
          "얼마 남았는지는 같은 화면에 나오며, 모자라면 앱 코드를 넣고 ",
          strong("복구 코드 새로 만들기"),
          "를 누르세요(이전 코드는 모두 못 쓰게 됩니다).",
        ],
        [
          "코드를 여러 번 틀리면 비밀번호를 틀릴 때와 같이 로그인이 잠시 막힙니다. ",
          "코드 화면에서 5분이 지나거나 코드를 다섯 번 틀리면 비밀번호부터 다시 입력합니다.",
        ],
        [
          "휴대폰도 복구 코드도 잃었다면 서버를 관리하는 사람에게 부탁하세요. ",
          code("npm run admin -- reset-2fa 이메일"),
          "로 그 계정의 패스키, 인증 앱, 복구 코드를 지우고 모든 로그인을 끝냅니다. ",
          "그 뒤 비밀번호로 로그인해 다시 설정합니다. ",
          "이 작업은 관리 기록에 남습니다.",
        ],
      ),
    ],
  },
  {
    id: "editing",
    title: "콘텐츠를 고칠 때 공통 규칙",
    blocks: [
      list(
        ["저장한 내용은 공개 사이트에 바로 반영됩니다. ", "방문자가 다음에 페이지를 열면 새 내용이 보입니다."],
        [
          "저장할 때 서버가 모든 칸을 검사합니다. ",
          "잘못된 칸은 바로 아래에 빨간 글씨로 이유가 나오고, 입력한 내용은 그대로 남아 있으니 고쳐서 다시 저장하면 됩니다.",
        ],
        [
          "저장에 성공하면 초록색 안내가, 실패하면 빨간색 안내가 화면 위쪽에 나옵니다. ",
          "아무 안내 없이 끝나는 일은 없습니다.",
        ],
        [
          "삭제처럼 되돌릴 수 없는 작업은 빨간 버튼으로 표시되고, 누르면 한 번 더 묻는 창이 뜹니다. ",
          kbd("Esc"),
          "나 ",
          strong("취소"),
          "로 그만둘 수 있습니다.",
        ],
        [
          "두 사람이 같은 내용을 동시에 고치면, 나중에 저장한 사람에게 “다른 사람이 먼저 고쳤다”는 안내가 나옵니다. ",
          "내 입력은 사라지지 않으니, 새로 불러온 내용과 비교해 다시 반영하세요.",
        ],
        ["저장하지 않은 채 화면을 떠나려 하거나, 목록에서 열어 고치던 칸을 닫으려 하면 한 번 더 확인합니다."],
      ),
    ],
  },
  {
    id: "content",
    title: "콘텐츠별 안내",
    blocks: [
      subheading(link("미디어 게시글", "/admin/manage-posts")),
      paragraph(
        "동아리 소식과 행사 후기를 올립니다. ",
        "제목, 태그, 게시일, 본문과 사진을 넣습니다. ",
        "태그는 이미 있는 것을 고르거나 새로 입력합니다. ",
        "전각으로 친 글자도 같은 태그가 되므로 “ＡＩ”와 “AI”는 한 태그입니다. ",
        "본문에는 소제목, 목록, 링크, 코드 블록을 쓸 수 있습니다. ",
        "도구 막대의 버튼에 마우스를 올리면 이름이 보입니다. ",
        "링크는 글자를 고른 뒤 사슬 모양의 ",
        strong("링크"),
        " 버튼을 누르고, 도구 막대 아래에 나오는 칸에 주소를 넣어 ",
        kbd("Enter"),
        "로 적용합니다. ",
        "사진은 하나씩 추가하거나 지울 수 있고, 저장할 때 한꺼번에 반영됩니다. ",
        "사진으로 읽을 수 없는 파일은 고르는 즉시 목록에서 빠지고 그 이름을 알려 주니, 다른 사진을 고르거나 그대로 저장하면 됩니다.",
      ),
      subheading(link("주요 활동", "/admin/manage-main-activity")),
      paragraph(
        "연도별로 큰 활동을 정리합니다. ",
        "제목은 비워 둘 수 없습니다(비우면 “Title must not be empty!”). ",
        "사진을 왼쪽에 둘지 오른쪽에 둘지 고르고, 같은 해 안의 순서는 끌어서 놓거나 키보드로 바꿉니다. ",
        "한 해의 마지막 활동을 지우면 그해가 목록에서 사라집니다.",
      ),
      subheading(link("학습 기록", "/admin/manage-courses")),
      paragraph(
        "학기를 추가하면 빈 기록이 함께 만들어지고, 학기를 지우면 그 학기의 기록도 함께 지워집니다. ",
        "학기 이름은 겹칠 수 없으며, 전각 숫자(２０２７)처럼 모양만 다른 글자도 같은 글자로 봅니다. ",
        "학기마다 프로젝트, 세션, 스터디 항목을 넣으며, 항목에는 적어도 제목이 있어야 합니다. ",
        "공개 페이지는 기록이 있는 학기 가운데 목록의 마지막 학기를 먼저 보여 주므로, 새 학기를 미리 만들어 두어도 항목을 넣기 전까지는 바뀌지 않습니다.",
      ),
      subheading(link("피드", "/admin/manage-feed")),
      paragraph("사진 한 장과 짧은 설명, 연결할 링크, 날짜로 피드 게시물을 만들고 순서를 정합니다."),
      subheading(link("오대호", "/admin/manage-odaeho")),
      paragraph(
        "회지 한 호마다 제목, 설명, 발행일과 함께 표지 이미지와 PDF를 올립니다. ",
        "둘 중 하나라도 빠지면 “Upload Failed! Thumbnail Image or PDF file is not defined!”라는 안내와 함께 저장되지 않습니다. ",
        "PDF는 “동아리 이름 odaeho 제목.pdf”라는 이름으로 내려받아집니다. ",
        "목록 순서는 끌어서 놓거나 키보드로 바꿉니다.",
      ),
      subheading(link("회칙", "/admin/manage-rule")),
      paragraph(
        "회칙 본문을 고치고, 방문자가 내려받을 PDF를 붙입니다. ",
        "PDF마다 제목과 내려받을 파일 이름을 정하며, 파일은 ",
        code("/rules/파일 이름"),
        " 주소로 내려받아집니다. ",
        "파일 이름은 .pdf로 끝나야 하고 / \\ ? ",
        "# %를 쓸 수 없으며, 다른 파일과 겹칠 수 없습니다. ",
        "본문과 파일 목록(추가, 이름 바꾸기, 삭제, 순서)은 아래쪽의 ",
        strong("저장"),
        "을 눌러 한 번에 반영됩니다.",
      ),
      subheading(link("캘린더", "/admin/manage-calendar")),
      paragraph(
        "일정마다 제목, 시작과 끝, 종일 여부, 장소, 설명을 넣습니다. ",
        "공개 캘린더와, 휴대폰 캘린더에서 구독하는 주소에 함께 반영됩니다.",
      ),
      subheading(link("모집 안내", "/admin/manage-admissions")),
      paragraph(
        strong("모집 중"),
        "을 켜면 공개 사이트 메뉴의 Join 옆에 “Now Recruiting”이 표시됩니다. ",
        "모집이 끝나면 꼭 꺼 주세요. ",
        "모집 포스터 이미지, 일정, 자주 묻는 질문도 여기서 고칩니다. ",
        "일정과 질문은 추가, 삭제, 순서 바꾸기를 한 뒤 ",
        strong("저장"),
        "을 눌러야 공개 페이지에 반영됩니다.",
      ),
      subheading(link("운영진", "/admin/manage-leaders")),
      paragraph(
        "회장과 부회장(두 번째 부회장은 선택)의 이름과 전화번호를 넣습니다. ",
        "전화번호는 010-1234-5678처럼 하이픈을 넣어 씁니다. ",
        "모든 페이지의 아래쪽에 표시되니 운영진이 바뀌면 가장 먼저 고쳐 주세요.",
      ),
      subheading(link("사이트 설정", "/admin/manage-settings")),
      paragraph(
        "동아리 이름, 한국어 부제, 소개 문장, 창립 연도, 사이트 주소, 동아리방 주소, 연락 이메일, 소셜 링크(Instagram, Facebook, GitHub, YouTube)와 메뉴의 Other sites에 보이는 두 사이트를 고칩니다. ",
        "머리글과 바닥글, 모든 페이지의 제목과 링크 미리보기에 쓰이니 신중히 바꿔 주세요. ",
        "같은 화면 아래쪽의 ",
        strong("홈 화면"),
        "에서는 첫 화면 사진 네 장과 그 설명, 소개 글과 영상, 슬로건, 활동 카드, 모집 안내 글을 고칩니다. ",
        "주소와 링크는 https://로 시작해야 합니다.",
      ),
      subheading(link("조직도", "/admin/manage-organization")),
      paragraph(
        "그룹을 추가하면 이름과 설명이 빈 그룹이 생기고, 그룹 목록에 그 칸이 열리니 바로 채워 주세요. ",
        "이름을 저장하기 전까지는 공개 페이지에 나오지 않습니다. ",
        "구성원마다 이름, 역할, 프로필 사진을 넣습니다. ",
        "그룹을 지우면 그 구성원들의 사진도 함께 지워집니다.",
      ),
    ],
  },
  {
    id: "files",
    title: "사진과 파일 올리기",
    blocks: [
      list(
        [
          "사진은 JPG, PNG, WebP, GIF, AVIF 이미지만 올릴 수 있습니다. ",
          "파일 이름이 아니라 파일 내용으로 확인하므로, 이름만 .jpg로 바꾼 다른 파일은 거절됩니다.",
        ],
        [
          "큰 사진은 올리기 전에 브라우저에서 긴 변 1024px, 4MB 이하로 줄어듭니다. ",
          "올리는 동안에는 진행 상황이 표시되니 끝날 때까지 화면을 닫지 마세요.",
        ],
        [
          "사진에 담긴 촬영 위치(GPS)와 기기 정보는 저장할 때 지워집니다. ",
          "사진이 옆으로 누워 있으면 방향을 바로잡아 저장합니다.",
        ],
        [
          "PDF는 실제 PDF 파일만 받습니다. ",
          "너무 큰 파일은 크기를 알려 주며 거절하고, 열 때 스크립트(JavaScript)를 실행하거나 다른 프로그램을 여는 동작이 든 PDF도 거절합니다. ",
          "그럴 때는 PDF를 다시 저장하거나 PDF로 인쇄한 파일을 올려 주세요.",
        ],
        [
          "저장이 실패하면 함께 올린 파일도 남지 않고, 콘텐츠에서 사진을 지우면 서버의 파일도 지워집니다. ",
          "따로 파일을 정리할 필요는 없습니다.",
        ],
      ),
    ],
  },
  {
    id: "log",
    title: "관리 기록 읽기",
    blocks: [
      paragraph(
        link("대시보드", "/admin"),
        "의 ",
        strong("관리 기록"),
        "에는 로그인, 로그아웃, 비밀번호 변경과 모든 콘텐츠의 저장·삭제가 최신순으로 남습니다. ",
        "기록은 지우거나 고칠 수 없습니다.",
      ),
      terms(
        ["시간", "한국 시간으로 표시합니다."],
        [
          "분류",
          "미디어, 학습 기록, 주요 활동, 피드, 회칙, 조직도, 모집 안내, 계정, 캘린더, 오대호, 운영진, 사이트 설정 가운데 하나입니다.",
        ],
        [
          "결과",
          strong("정상"),
          "은 작업이 끝까지 된 것, ",
          strong("실패"),
          "는 되지 않은 것입니다. ",
          "실패한 기록에는 원인이 빨간 글씨로 함께 적힙니다.",
        ],
        [
          "내용",
          "무슨 일이 있었는지 한 문장으로 적습니다. ",
          "예: “‘해커톤 후기’ 게시글이 삭제되었습니다”. ",
          "로그인에 실패한 기록에는 접속한 주소도 남습니다.",
        ],
        [
          "작업자",
          "작업한 운영진의 이메일입니다. ",
          strong("시스템"),
          "은 서버가 직접 하거나 명령줄 도구로 한 일입니다.",
        ],
      ),
      paragraph(
        "분류와 결과로 걸러 볼 수 있고, 한 페이지에 20개씩 보입니다. ",
        "모르는 주소에서 로그인 실패가 여러 번 보이면 비밀번호를 바꾸고 다른 로그인을 모두 종료하세요.",
      ),
    ],
  },
  {
    id: "help",
    title: "도움이 필요할 때",
    blocks: [
      paragraph(
        "화면에 나온 안내대로 해도 되지 않으면, 무엇을 하다가 어떤 안내가 나왔는지와 그 시각을 적어 서버를 관리하는 사람에게 알려 주세요. ",
        "관리 기록에 같은 시각의 실패 기록이 있다면 그 내용도 함께 알려 주면 원인을 빨리 찾을 수 있습니다.",
      ),
    ],
  },
];
