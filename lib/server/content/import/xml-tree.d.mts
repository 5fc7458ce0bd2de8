/** An element of the tree parseXml returns; text children are strings. */
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: Array<XmlNode | string>;
}

export function parseXml(xml: string): XmlNode;
export function findAll(node: XmlNode, name: string): XmlNode[];
export function find(node: XmlNode | undefined, name: string): XmlNode | undefined;
export function childrenNamed(node: XmlNode, name: string): XmlNode[];
export function textOf(node: XmlNode | undefined): string;
