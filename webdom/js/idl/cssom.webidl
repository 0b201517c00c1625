// CSS Object Model (CSSOM), https://drafts.csswg.org/cssom/: the members webdom implements
// (dom/css_style_declaration.py), written from the Editor's Draft.  The attributes for each
// supported CSS property (camel-cased, webkit-cased and dashed,
// https://drafts.csswg.org/cssom/#the-cssstyledeclaration-interface) are not IDL text in the
// standard: the binding adds them from webdom/js/css_properties.py.

// https://drafts.csswg.org/cssom/#the-cssstyledeclaration-interface
[Exposed=Window]
interface CSSStyleDeclaration {
  [CEReactions] attribute CSSOMString cssText;
  readonly attribute unsigned long length;
  getter CSSOMString item(unsigned long index);
  CSSOMString getPropertyValue(CSSOMString property);
  CSSOMString getPropertyPriority(CSSOMString property);
  [CEReactions] undefined setProperty(CSSOMString property, [LegacyNullToEmptyString] CSSOMString value, optional [LegacyNullToEmptyString] CSSOMString priority = "");
  [CEReactions] CSSOMString removeProperty(CSSOMString property);
  readonly attribute CSSRule? parentRule;
  [CEReactions] attribute [LegacyNullToEmptyString] CSSOMString cssFloat;
};

// https://drafts.csswg.org/cssom/#the-elementcssinlinestyle-mixin
interface mixin ElementCSSInlineStyle {
  [SameObject, PutForwards=cssText] readonly attribute CSSStyleDeclaration style;
};
HTMLElement includes ElementCSSInlineStyle;
