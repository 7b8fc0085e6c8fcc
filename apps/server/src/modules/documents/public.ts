/** What other modules may use of the documents module: storing and finding a member's files, sample files for demo data. */
export { findMemberFile, findRequestFile, listMemberSentFiles, storeFile, type FileDownload, type NewStoredFile } from './file-store';
export { makeCardPng, makePng, makeTextPdf } from './sample-files';
