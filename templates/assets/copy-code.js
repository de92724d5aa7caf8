// Gives every code block a Copy button, and makes a block that scrolls sideways reachable by keyboard. The
// page reads the same without it; the script is a file of the theme, as the Content-Security-Policy
// (script-src 'self') requires, and adds no inline styles.
const status = document.createElement("div");
status.className = "visually-hidden";
status.setAttribute("role", "status");
document.body.append(status);

for (const pre of document.querySelectorAll(".prose pre")) {
  const code = pre.querySelector("code") ?? pre;
  const block = document.createElement("div");
  block.className = "code-block";
  pre.before(block);
  block.append(pre);

  const button = document.createElement("button");
  button.type = "button";
  button.className = "copy-button";
  button.textContent = "Copy";
  button.setAttribute("aria-label", "Copy the code");
  block.append(button);

  button.addEventListener("click", async () => {
    // Without the block's last line break, so a pasted command does not run at once.
    const text = code.textContent.replace(/\n$/, "");
    let message;
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = "Copied";
      message = "Code copied to the clipboard";
    } catch {
      // No clipboard access (a page served over plain http): select the code for Ctrl+C instead.
      getSelection().selectAllChildren(code);
      button.textContent = "Selected";
      message = "Code selected; press Ctrl+C to copy it";
    }
    button.classList.add("is-done");
    status.textContent = message;
    setTimeout(() => {
      button.textContent = "Copy";
      button.classList.remove("is-done");
      status.textContent = "";
    }, 2000);
  });
}

// A block wider than the page scrolls sideways; a keyboard reader reaches it with Tab and scrolls it with
// the arrow keys (WCAG 2.1.1), so it takes focus while it overflows, and only then.
const scrollable = ".prose pre, .prose table, .prose .math-block, .prose .diagram";
const reachable = () => {
  for (const block of document.querySelectorAll(scrollable)) {
    if (block.scrollWidth > block.clientWidth) block.tabIndex = 0;
    else block.removeAttribute("tabindex");
  }
};
reachable();
addEventListener("resize", reachable);
