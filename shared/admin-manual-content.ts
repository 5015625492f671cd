/**
 * The manual's chapter on each kind of content, in a module of its own for its length (the rest
 * of the manual is in admin-manual.ts).
 */
import { code, kbd, link, type ManualChapter, paragraph, strong, subheading, terms } from "./manual-markup.ts";

export const contentChapter: ManualChapter = {
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
    paragraph(
      strong("게시 상태"),
      "는 글을 언제 공개할지 정합니다. 목록에서는 상태가 배지로 보이고, 위쪽의 ",
      strong("상태"),
      " 칸으로 골라 볼 수 있습니다. 아직 공개되지 않은 글은 목록의 첫 페이지 맨 위에 모입니다.",
    ),
    terms(
      ["게시", "저장하면 바로 공개됩니다. 게시일은 지금이나 지난 시각이어야 합니다."],
      [
        "예약",
        "게시일에 저절로 공개됩니다. 게시일은 지금보다 뒤여야 하고, 그때까지는 방문자가 목록, 검색, 태그, RSS, 사이트맵 어디에서도 볼 수 없습니다.",
      ],
      [
        "임시 저장",
        "방문자에게 보이지 않는 초안입니다. 다 쓰면 상태를 게시나 예약으로 바꿔 저장하세요. 이미 공개된 글을 임시 저장으로 바꾸면 공개 사이트에서 내려갑니다.",
      ],
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
};
