/** "top" -> "Top": the domain spells categories and statuses in lower case. */
export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
