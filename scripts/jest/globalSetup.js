// Once per jest run, before any test file: the pre-bundled packages (vendor.js).
module.exports = async () => {
  require('./vendor').buildVendor();
};
