/** The manual's chapter on backing the site up and restoring it (decision 0032). */
import { link, list, type ManualChapter, paragraph, steps, strong, subheading } from "./manual-markup.ts";

export const backupChapter: ManualChapter = {
  id: "backup",
  title: "백업과 복원",
  blocks: [
    paragraph(
      link("백업과 복원", "/admin/backup"),
      " 화면에서는 사이트 전체를 파일 하나(.tar.gz)로 내려받고, 그 파일로 사이트를 백업한 때의 모습으로 되돌립니다. ",
      "여러 글을 한꺼번에 고치거나 지우는 큰 작업 전에 먼저 백업해 두세요.",
    ),
    subheading("백업 내려받기"),
    paragraph(
      strong("백업 파일 내려받기"),
      "를 누르면 브라우저가 파일을 내려받습니다. 글, 목록, 설정, 변경 기록, 사진과 PDF, 관리자 계정, 관리 기록과 방문 수가 담깁니다. ",
      "로그인 상태와 자동 저장된 글은 담기지 않습니다. 관리자 계정의 비밀번호 정보도 들어 있으니, 파일은 다른 사람이 볼 수 없는 곳에 보관하세요.",
    ),
    subheading("백업에서 복원하기"),
    steps(
      [strong("백업 파일"), "에서 이 사이트에서 내려받은 백업 파일을 고릅니다."],
      [strong("이 백업으로 복원"), "을 누르고, 묻는 창에서 파일 이름을 확인한 뒤 ", strong("복원"), "을 누릅니다."],
      ["파일을 올리는 동안 진행 막대가 보이고, 끝나면 어느 때의 백업에서 복원했는지 나옵니다."],
    ),
    list(
      [
        "콘텐츠와 파일은 모두 백업의 내용으로 바뀝니다. 백업한 뒤에 쓴 글과 올린 파일은 지워지니, 필요하면 복원 전에 지금 상태도 백업해 두세요.",
      ],
      ["관리자 계정, 로그인 상태, 관리 기록, 방문 수는 그대로입니다. 복원하는 사람은 로그인한 채로 남습니다."],
      [
        "다른 파일이거나 손상된 파일, 사이트의 다른 버전에서 만든 백업은 아무것도 바꾸지 않고 거절합니다. ",
        "내려받기와 복원은 성공도 실패도 관리 기록의 ",
        strong("백업"),
        " 분류에 남습니다.",
      ],
    ),
  ],
};
