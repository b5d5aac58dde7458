/**
 * Click-to-load video: the placeholder link (which without a script opens the video in a new tab)
 * becomes the player in place, and focus moves to it as the link disappears.
 */
export function enhanceVideo() {
  document.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>("a[data-video-embed]");
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    const frame = document.createElement("iframe");
    frame.src = link.href;
    frame.title = link.dataset.videoTitle ?? "";
    frame.className = "absolute inset-0 size-full";
    frame.allow = "autoplay; encrypted-media; fullscreen; picture-in-picture";
    frame.allowFullscreen = true;
    frame.referrerPolicy = "strict-origin-when-cross-origin";
    link.replaceWith(frame);
    frame.focus();
  });
}
