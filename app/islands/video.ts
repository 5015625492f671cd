/**
 * Turns each video's poster (components/home/VideoPlayer.tsx), a link to YouTube, into a button
 * that puts YouTube's privacy-enhanced player in its place and moves focus into it. Nothing comes
 * from YouTube before that click.
 */
export default function startVideos(): void {
  for (const player of document.querySelectorAll<HTMLElement>("[data-video-player]")) {
    const link = player.querySelector("a");
    const { embed, title, frameClass } = player.dataset;
    if (!link || !embed || !title) continue;
    const button = document.createElement("button");
    button.type = "button";
    button.className = link.className;
    button.append(...link.childNodes);
    const label = button.querySelector("[data-video-label]");
    if (label) label.textContent = "영상 재생: ";
    link.replaceWith(button);
    button.addEventListener("click", () => {
      const frame = document.createElement("iframe");
      frame.className = frameClass ?? "";
      frame.src = embed;
      frame.title = title;
      frame.allow = "autoplay; encrypted-media; picture-in-picture; fullscreen";
      frame.allowFullscreen = true;
      frame.referrerPolicy = "strict-origin-when-cross-origin";
      button.replaceWith(frame);
      frame.focus();
    });
  }
}
