{
  "__type__": "cc.SpriteAtlas"
}
