import { render } from "preact";
render(<p>DocSheet preview</p>, document.getElementById("app")!);
