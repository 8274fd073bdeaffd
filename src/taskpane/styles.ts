// Fluent 2 look: Segoe UI, the neutral greys and the brand blue of Office; visible focus rings.
export const PANE_CSS = `
.ds{font-family:"Segoe UI","Segoe UI Web (West European)",-apple-system,BlinkMacSystemFont,Roboto,"Noto Sans Thai","Leelawadee UI",sans-serif;
 font-size:14px;line-height:20px;color:#242424;background:#fff;padding:12px;max-width:480px;box-sizing:border-box}
.ds *{box-sizing:border-box}
.ds h1{font-size:20px;line-height:28px;font-weight:600;margin:0}
.ds .tag{color:#616161;font-size:12px;margin:0 0 8px}
.ds details{border:1px solid #e0e0e0;border-radius:4px;margin:8px 0;background:#fff}
.ds summary{cursor:pointer;padding:8px 12px;font-weight:600;font-size:14px;list-style-position:inside}
.ds summary:focus-visible,.ds button:focus-visible,.ds input:focus-visible,.ds select:focus-visible,.ds a:focus-visible{outline:2px solid #000;outline-offset:1px}
.ds .body{padding:4px 12px 12px}
.ds label{display:block;font-size:12px;font-weight:600;color:#424242;margin:8px 0 2px}
.ds input,.ds select{width:100%;font:inherit;padding:5px 8px;border:1px solid #d1d1d1;border-bottom-color:#616161;border-radius:4px;background:#fff;color:#242424}
.ds input[type=radio],.ds input[type=checkbox]{width:auto;margin-right:6px}
.ds .row{display:flex;gap:8px;align-items:end}
.ds .row>*{flex:1}
.ds button{font:inherit;font-weight:600;padding:5px 12px;border-radius:4px;border:1px solid #d1d1d1;background:#fff;color:#242424;cursor:pointer;margin:8px 8px 0 0}
.ds button:hover{background:#f5f5f5}
.ds button.primary{background:#0f6cbd;border-color:#0f6cbd;color:#fff}
.ds button.primary:hover{background:#115ea3}
.ds button.danger{background:#c50f1f;border-color:#c50f1f;color:#fff}
.ds button.danger:hover{background:#a80000}
.ds button.link{border:0;background:none;color:#0f6cbd;padding:0;margin:0;font-weight:400;text-decoration:underline}
.ds .confirm{margin-top:8px;padding:8px;border:1px solid #eeacb2;border-radius:4px;background:#fdf3f4}
.ds .confirm p{margin:0}
.ds button:disabled{background:#f0f0f0;border-color:#e0e0e0;color:#bdbdbd;cursor:default}
.ds .help{color:#616161;font-size:12px;margin:4px 0}
.ds .msg{margin:8px 0 0;padding:6px 8px;border-radius:4px;font-size:13px}
.ds .msg.error{background:#fdf3f4;color:#b10e1c;border:1px solid #eeacb2}
.ds .msg.ok{background:#f1faf1;color:#0e700e;border:1px solid #9fd89f}
.ds .msg.info{background:#ebf3fc;color:#0f548c;border:1px solid #b4d6fa}
.ds ul.findings{list-style:none;margin:8px 0 0;padding:0;max-height:320px;overflow:auto;border:1px solid #e0e0e0;border-radius:4px}
.ds ul.findings button{display:block;width:100%;text-align:left;margin:0;border:0;border-bottom:1px solid #f0f0f0;border-radius:0;font-weight:400;padding:6px 8px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.ds .counts{display:flex;flex-wrap:wrap;gap:4px 12px;margin:8px 0 0;font-size:12px;font-weight:600}
.ds .counts .error{color:#b10e1c}
.ds .counts .warning{color:#8a3707}
.ds .counts .note{color:#0f548c}
.ds ul.links{list-style:none;margin:8px 0 0;padding:0}
.ds ul.links li{display:flex;flex-wrap:wrap;gap:4px 10px;align-items:baseline;padding:4px 0;border-bottom:1px solid #f0f0f0}
.ds ul.links .cell{font-weight:600;color:#424242}
.ds ul.links .help{margin:0}
.ds .pager{display:flex;align-items:center;gap:8px;font-size:12px;color:#616161}
.ds .pager button{margin:4px 0 0;padding:2px 10px;font-size:12px}
.ds ul.findings .cell{font-weight:600;color:#b10e1c;margin-right:6px}
.ds ul.findings .sev{font-size:11px;font-weight:600;border-radius:2px;padding:0 4px;margin-right:6px}
.ds ul.findings li.warning .cell{color:#8a3707}
.ds ul.findings li.warning .sev{background:#fff4ce;color:#8a3707}
.ds ul.findings li.note .cell{color:#0f548c}
.ds ul.findings li.note .sev{background:#ebf3fc;color:#0f548c}
.ds table{border-collapse:collapse;width:100%;margin-top:8px;font-size:12px}
.ds th,.ds td{border-bottom:1px solid #e0e0e0;padding:4px 6px;text-align:left}
.ds td.num{text-align:right;font-variant-numeric:tabular-nums}
.ds table.mapping{table-layout:fixed}
.ds table.mapping th:first-child{width:45%}
.ds table.mapping .col{display:inline-block;min-width:1.8em;color:#616161;font-size:11px}
.ds table.mapping label{display:inline;margin:0;font-weight:400;font-size:13px;color:#242424;overflow-wrap:anywhere}
.ds table.mapping select{padding:2px 4px}
.ds .values h4{margin:12px 0 2px;font-size:13px}
.ds .values .row{flex-wrap:wrap;align-items:center}
.ds .values .row button{flex:0 0 auto}
.ds table.mapping tr.unmapped label,.ds table.mapping tr.unmapped select{color:#616161;font-style:italic}
.ds ul.rows .cell{color:#424242}
.ds table.changes td{vertical-align:top;overflow-wrap:anywhere}
.ds table.changes td.from{color:#616161}
.ds table.changes td.to{font-weight:600}
.ds .sub{border-top:1px solid #e0e0e0;margin-top:12px;padding-top:4px}
.ds h2{font-size:14px;line-height:20px;font-weight:600;margin:4px 0}
.ds .msg ul.findings{background:#fff;color:#242424}
.ds .msg ul.findings li{padding:4px 8px;border-bottom:1px solid #f0f0f0}
.ds .msg p{margin:0}
.ds progress{width:100%;height:6px;margin-top:8px;accent-color:#0f6cbd}
.ds .status{font-size:12px;color:#616161}
.ds .status.on{color:#0e700e}
`;

let injected = false;

export function injectStyles(doc: Document = document): void {
  if (injected && doc === document) return;
  const style = doc.createElement("style");
  style.textContent = PANE_CSS;
  doc.head.appendChild(style);
  injected = doc === document;
}
