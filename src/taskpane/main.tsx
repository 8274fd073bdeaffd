import { render } from "preact";
Office.onReady(() => render(<p>DocSheet</p>, document.getElementById("app")!));
