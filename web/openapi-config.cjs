// How @rtk-query/codegen-openapi turns ../openapi.json into src/api/generated.ts (npm run codegen).
/** @type {import('@rtk-query/codegen-openapi').ConfigFile} */
module.exports = {
  schemaFile: '../openapi.json',
  apiFile: './src/api/emptyApi.ts',
  apiImport: 'emptyApi',
  outputFile: './src/api/generated.ts',
  exportName: 'generatedApi',
  hooks: false,
  filterEndpoints: ['book', 'listSalons', 'getSalon', 'putSalon', 'getAvailability', 'listBookings', 'listSlots', 'cancelBooking', 'markNoShow', 'moveBooking', 'closeSlot', 'openSlot', 'bookOutcome', 'myBooking', 'cancelMyBooking', 'moveMyBooking', 'listWebhooks', 'listDroppedMessages', 'putWebhook', 'deleteWebhook', 'newFeed', 'readAudit', 'eraseCustomer'],
  encodePathParams: true,
  useUnknown: true,
  prettierConfigFile: './.prettierrc.json',
};
