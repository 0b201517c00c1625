// SVG 2 (https://svgwg.org/svg2-draft/): the element interfaces webdom gives SVG elements
// (dom/html/foreign.py), with only the members it implements: those of HTML's HTMLOrSVGOrMathMLElement mixin, element.style,
// SVG <a>'s reflected attributes, and Document's rootElement.  SVGGraphicsElement and SVGSVGElement
// have no members here (theirs need layout); they give <a> and <svg> the standard's prototype chains.

// https://svgwg.org/svg2-draft/types.html#InterfaceSVGElement
[Exposed=Window]
interface SVGElement : Element {
};
SVGElement includes HTMLOrSVGOrMathMLElement;
SVGElement includes ElementCSSInlineStyle;

// https://svgwg.org/svg2-draft/types.html#InterfaceSVGGraphicsElement
[Exposed=Window]
interface SVGGraphicsElement : SVGElement {
};

// https://svgwg.org/svg2-draft/struct.html#InterfaceSVGSVGElement
[Exposed=Window]
interface SVGSVGElement : SVGGraphicsElement {
};

// https://svgwg.org/svg2-draft/struct.html#InterfaceDocumentExtensions
partial interface Document {
  readonly attribute SVGSVGElement? rootElement;
};

// https://svgwg.org/svg2-draft/linking.html#InterfaceSVGAElement
[Exposed=Window]
interface SVGAElement : SVGGraphicsElement {
  attribute DOMString download;
  attribute USVString ping;
  attribute DOMString rel;
  [SameObject, PutForwards=value] readonly attribute DOMTokenList relList;
  attribute DOMString hreflang;
  attribute DOMString type;
};
