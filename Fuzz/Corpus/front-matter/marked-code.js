export default {
  // highlight-next-line
  a: 1, // [!code --]
  /* highlight-start */
  b: 2, # [!code ++:2]
  <!-- highlight-end -->
  // [!code warning:3]
  c /* keep [!code error] */
}
