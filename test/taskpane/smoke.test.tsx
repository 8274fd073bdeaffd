import { render } from "preact";
test("preact renders in jsdom", () => {
  const root = document.createElement("div");
  render(<p>hello</p>, root);
  expect(root.innerHTML).toBe("<p>hello</p>");
});
