// A date or month field in the pane's language: the browser's own input in English; in Thai a text
// field of day/month/Buddhist-era year (the browser's input shows mm/dd/yyyy and 2026 whatever the
// pane's language). The value it gives is always YYYY-MM-DD or YYYY-MM (Common Era), or the text as
// typed when it is no date (the form says so).
import { useEffect, useState } from "preact/hooks";
import { shownDate, shownMonth, typedDate, typedMonth } from "../dates";
import { translator, type Lang } from "../i18n";

export function DateField(props: { id: string; lang: Lang; value: string; month?: boolean; onChange: (value: string) => void }) {
  const { lang, month } = props;
  const show = (v: string): string => (month ? shownMonth(v, lang) : shownDate(v, lang));
  const [text, setText] = useState(() => show(props.value));
  // A value set from outside (a cheque date following the payment date) is shown; one the typing gave is left as typed.
  useEffect(() => {
    if (((month ? typedMonth(text) : typedDate(text)) ?? text) !== props.value) setText(show(props.value));
  }, [props.value]);
  if (lang !== "th") {
    return <input id={props.id} type={month ? "month" : "date"} value={props.value} onInput={(e) => props.onChange(e.currentTarget.value)} />;
  }
  return (
    <input id={props.id} type="text" inputMode="numeric" placeholder={translator(lang)(month ? "monthPlaceholder" : "datePlaceholder")} value={text}
      onInput={(e) => {
        const typed = e.currentTarget.value;
        setText(typed);
        props.onChange((month ? typedMonth(typed) : typedDate(typed)) ?? typed);
      }} />
  );
}
